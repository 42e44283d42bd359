import { changePasswordSchema, emailSchema, MESSAGES } from '@shop/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_ERRORS, changePassword, updateProfile } from '../../api/account';
import { SESSIONS_KEY } from '../../api/sessions';
import type { User } from '../../api/auth';
import { useAuth } from '../../auth/AuthContext';
import { alertFailure } from '../../lib/notify';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { SignedInDevices } from './SignedInDevices';

export const SETTINGS_TEXT = {
  profileUpdated: 'Profile updated successfully',
  passwordChanged: MESSAGES.passwordChanged,
} as const;

/** Username and e-mail required, the e-mail valid, the phone optional but 10 digits (spec, section 5). */
const profileSchema = z.object({
  username: z.string().trim().min(1, MESSAGES.usernameAndEmail),
  email: z.string().trim().min(1, MESSAGES.usernameAndEmail).pipe(emailSchema),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{10}$/.test(v), MESSAGES.phone),
  profilePic: z.string().trim().max(500),
});

interface ProfileForm {
  username: string;
  email: string;
  phone: string;
  profilePic: string;
}

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** `onSignOut` signs out and goes home, after "Sign out of all devices". */
export function Settings({
  user,
  onManageAccount,
  onSignOut,
}: {
  user: User;
  onManageAccount(): void;
  onSignOut(): void;
}) {
  return (
    <>
      <h2>Settings</h2>
      <div className="settings-grid">
        <ProfileSettings user={user} />
        <PasswordSettings user={user} />
      </div>
      <SignedInDevices onSignedOut={onSignOut} />
      <p>
        <button type="button" className="btn-link" onClick={onManageAccount}>
          Account management
        </button>
      </p>
    </>
  );
}

function ProfileSettings({ user }: { user: User }) {
  const id = useId();
  const { updateUser } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      username: user.username ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      profilePic: user.profilePic ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const updated = await updateProfile({
        username: values.username.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        profilePic: values.profilePic.trim() || null,
      });
      updateUser(updated);
      window.alert(SETTINGS_TEXT.profileUpdated);
    } catch (error) {
      alertFailure(error, ACCOUNT_ERRORS.profile);
    }
  });

  const field = (name: keyof ProfileForm, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
        {...register(name)}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="settings-card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>Update Profile</h3>
      {field('username', 'Username', { autoComplete: 'username' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {field('phone', 'Phone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
      {field('profilePic', 'Profile picture URL', { type: 'url' })}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Update Profile'}
      </button>
    </form>
  );
}

function PasswordSettings({ user }: { user: User }) {
  const id = useId();
  const { renewSession } = useAuth();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  // New and confirm must match, otherwise the alert "Passwords do not match" (spec, section 5).
  const onInvalid = (invalid: FieldErrors<PasswordForm>) => {
    if (invalid.confirmPassword?.message) window.alert(invalid.confirmPassword.message);
  };

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { message, token } = await changePassword(currentPassword, newPassword);
      // The change ended every session, this one too: carry on with the fresh token.
      renewSession({ token, user });
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      reset();
      window.alert(message || SETTINGS_TEXT.passwordChanged);
    } catch (error) {
      alertFailure(error, ACCOUNT_ERRORS.password);
    }
  }, onInvalid);

  const field = (name: 'currentPassword' | 'newPassword', label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...register(name)}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="settings-card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>Change Password</h3>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      <div className="field">
        <label htmlFor={`${id}-confirm`}>Confirm new password</label>
        <input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Changing...' : 'Change Password'}
      </button>
    </form>
  );
}
