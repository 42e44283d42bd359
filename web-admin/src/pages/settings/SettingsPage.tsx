import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INDIAN_STATES } from '@shop/proto';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { signOutEverywhere } from '../../api/admin';
import { isApiFailure } from '../../api/client';
import { fetchSettings, saveSettings, SETTINGS_KEY, type Settings } from '../../api/settings';
import { useAdminAuth } from '../../auth/AdminAuthContext';
import { useConfirm } from '../../components/ConfirmProvider';
import { Page } from '../../components/Page';
import { ErrorBanner, LoadingState } from '@shop/web-kit/QueryStates';
import { useReportDirty } from '../../components/UnsavedChanges';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLoggedError } from '../../hooks/useLoggedError';
import { createLogger } from '@shop/web-kit/logger';
import {
  firstTabWithError,
  SAVED_INDICATOR_MS,
  serverErrors,
  SETTINGS_TABS,
  SETTINGS_UI as MSG,
  toFormValues,
  toPayload,
  validate,
  type FieldErrors,
  type SettingsFormValues,
  type SettingsTab,
} from './settingsForm';

const logger = createLogger('admin:settings');

/** The settings screen (back-office spec, section 2: six tabs and Save All Settings). */
export default function SettingsPage() {
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => fetchSettings(signal) });

  useDocumentTitle('Settings');
  useLoggedError(logger, settings.error, 'Could not load the settings');

  if (settings.isPending) {
    return (
      <section className="page">
        <LoadingState label="Loading settings..." />
      </section>
    );
  }
  if (settings.isError) {
    return (
      <section className="page">
        <ErrorBanner message={MSG.loadFailed} onRetry={() => void settings.refetch()} />
      </section>
    );
  }
  return <SettingsForm settings={settings.data} />;
}

type SaveState = 'idle' | 'saving' | 'saved';

function SettingsForm({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { logout } = useAdminAuth();
  const [initial, setInitial] = useState(() => toFormValues(settings));
  const [values, setValues] = useState(initial);
  const [secretStored, setSecretStored] = useState(settings.razorpayKeySecretSet);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<SettingsTab>('business');
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const savedTimer = useRef<number | undefined>(undefined);
  const tabRefs = useRef(new Map<SettingsTab, HTMLButtonElement>());

  useEffect(() => () => window.clearTimeout(savedTimer.current), []);

  useReportDirty(JSON.stringify(values) !== JSON.stringify(initial));

  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest as FieldErrors);
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = firstTabWithError(found);
    if (first) setTab(first);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saveState === 'saving') return;
    const payload = toPayload(values);
    const problems = validate(payload);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    setErrors({});
    setSaveState('saving');
    window.clearTimeout(savedTimer.current);
    try {
      const saved = await saveSettings(payload);
      const next = toFormValues(saved);
      setInitial(next);
      setValues(next);
      setSecretStored(saved.razorpayKeySecretSet);
      queryClient.setQueryData(SETTINGS_KEY, saved);
      setSaveState('saved');
      savedTimer.current = window.setTimeout(() => setSaveState('idle'), SAVED_INDICATOR_MS);
    } catch (error) {
      logger.error('Could not save the settings', error);
      setSaveState('idle');
      if (isApiFailure(error)) showErrors(serverErrors(error.errors));
      window.alert(MSG.saveFailed);
    }
  };

  const clearCache = async () => {
    if (
      await confirm(MSG.confirmClearCache, { title: 'Clear All Cache', confirmLabel: 'Clear', danger: true })
    )
      window.alert(MSG.clearCacheAlert);
  };

  const resetToDefaults = async () => {
    if (await confirm(MSG.confirmReset, { title: 'Reset to Defaults', confirmLabel: 'Reset', danger: true }))
      window.alert(MSG.resetAlert);
  };

  const signOutOfAllDevices = async () => {
    const confirmed = await confirm(MSG.confirmSignOutEverywhere, {
      title: 'Sign out of all devices',
      confirmLabel: 'Sign out',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await signOutEverywhere();
    } catch (error) {
      logger.error('Could not sign out of all devices', error);
      window.alert(MSG.signOutEverywhereFailed);
      return;
    }
    await logout();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const index = SETTINGS_TABS.findIndex((t) => t.id === tab);
    const next =
      SETTINGS_TABS[
        (index + (event.key === 'ArrowRight' ? 1 : -1) + SETTINGS_TABS.length) % SETTINGS_TABS.length
      ];
    setTab(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const field = { values, errors, set };

  return (
    <Page
      title="Settings"
      subtitle="How the shop runs: business, payments, stock, alerts and access"
      actions={
        <button
          type="submit"
          form="settings-form"
          className={`btn ${saveState === 'saved' ? 'btn-success' : 'btn-primary'}`}
          disabled={saveState === 'saving'}
        >
          {saveState === 'saving' ? 'Saving...' : saveState === 'saved' ? MSG.saved : 'Save All Settings'}
        </button>
      }
    >
      {Object.keys(errors).length > 0 ? (
        <div className="banner banner-error" role="alert">
          Some settings need attention before they can be saved.
        </div>
      ) : null}

      <div className="card settings">
        <div className="tabs" role="tablist" aria-label="Settings sections">
          {SETTINGS_TABS.map((t) => (
            <button
              key={t.id}
              ref={(element) => {
                if (element) tabRefs.current.set(t.id, element);
              }}
              type="button"
              role="tab"
              id={`settings-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`settings-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              className={`tab${tab === t.id ? ' tab-active' : ''}`}
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
            </button>
          ))}
        </div>

        <form
          id="settings-form"
          noValidate
          role="tabpanel"
          aria-labelledby={`settings-tab-${tab}`}
          className="card-section"
          onSubmit={(event) => void save(event)}
        >
          <div id={`settings-panel-${tab}`}>
            {tab === 'business' ? (
              <>
                <Group title="Business Information">
                  <TextField {...field} name="businessName" label="Business Name" />
                  <div className="field-row">
                    <TextField {...field} name="businessEmail" label="Business Email" type="email" />
                    <TextField {...field} name="businessPhone" label="Business Phone" type="tel" />
                  </div>
                  <TextField {...field} name="businessAddress" label="Business Address" multiline />
                  <div className="field-row">
                    <SelectField
                      {...field}
                      name="businessState"
                      label="Business State"
                      options={INDIAN_STATES}
                      hint="Buyers in this state are charged CGST and SGST, others IGST."
                    />
                    <TextField
                      {...field}
                      name="gstNumber"
                      label="GST Number"
                      hint="Printed on tax invoices. Without it, paid orders get receipts instead."
                    />
                  </div>
                </Group>
                <Group title="Shipping and Tax">
                  <div className="field-row">
                    <NumberField
                      {...field}
                      name="freeShippingThreshold"
                      label="Free Shipping Threshold (₹)"
                    />
                    <NumberField {...field} name="standardShippingCost" label="Standard Shipping Cost (₹)" />
                    <NumberField {...field} name="expressShippingCost" label="Express Shipping Cost (₹)" />
                    <NumberField {...field} name="defaultTaxRate" label="Default Tax Rate (%)" />
                  </div>
                  <Toggle {...field} name="applyTaxToShipping" label="Apply tax to shipping" />
                </Group>
              </>
            ) : null}

            {tab === 'payments' ? (
              <>
                <Group title="Payment Gateway">
                  <TextField {...field} name="razorpayKeyId" label="Razorpay Key ID" />
                  <TextField
                    {...field}
                    name="razorpayKeySecret"
                    label="Razorpay Key Secret"
                    type="password"
                    autoComplete="new-password"
                    hint={
                      secretStored
                        ? 'A secret is stored and only its last characters are shown. Leave it to keep it, or type a new one.'
                        : 'No secret is stored yet.'
                    }
                  />
                  <Toggle
                    {...field}
                    name="paymentGatewayLive"
                    label="Live payments"
                    badge={
                      values.paymentGatewayLive ? (
                        <span className="badge badge-success">Live</span>
                      ) : (
                        <span className="badge badge-warning">Test</span>
                      )
                    }
                    hint="Off: payments run in test mode and no money moves."
                  />
                </Group>
                <Group title="Cash on Delivery">
                  <Toggle
                    {...field}
                    name="codEnabled"
                    label="Offer cash on delivery"
                    hint="Checkout offers it beside online payment, for orders up to the limit."
                  />
                  {values.codEnabled ? (
                    <NumberField {...field} name="codLimit" label="Cash on Delivery Limit (₹)" />
                  ) : null}
                </Group>
              </>
            ) : null}

            {tab === 'inventory' ? (
              <Group title="Inventory">
                <NumberField {...field} name="lowStockThreshold" label="Low Stock Threshold" />
                <Toggle {...field} name="autoReorderEnabled" label="Auto-reorder" />
                {values.autoReorderEnabled ? (
                  <NumberField {...field} name="autoReorderQuantity" label="Auto-reorder Quantity" />
                ) : null}
              </Group>
            ) : null}

            {tab === 'notifications' ? (
              <Group title="Notifications">
                <Toggle {...field} name="emailNotifications" label="Email notifications" />
                <Toggle {...field} name="orderNotifications" label="Order notifications" />
                <Toggle {...field} name="inventoryAlerts" label="Inventory alerts" />
                <Toggle {...field} name="customerUpdates" label="Customer updates" />
              </Group>
            ) : null}

            {tab === 'security' ? (
              <Group title="Security">
                <div className="field-row">
                  <NumberField {...field} name="sessionTimeout" label="Session Timeout (minutes)" />
                  <NumberField {...field} name="maxLoginAttempts" label="Max Login Attempts" />
                </div>
                <Toggle
                  {...field}
                  name="requireStrongPasswords"
                  label="Require strong passwords"
                  hint={MSG.strongPasswordHint}
                />
                <Toggle {...field} name="twoFactorAuth" label="Two-factor authentication" />
                <div className="field">
                  <p className="field-hint">{MSG.signOutEverywhereHint}</p>
                  <button type="button" className="btn btn-danger" onClick={() => void signOutOfAllDevices()}>
                    Sign out of all devices
                  </button>
                </div>
              </Group>
            ) : null}

            {tab === 'system' ? (
              <>
                <Group title="System">
                  <Toggle
                    {...field}
                    name="maintenanceMode"
                    label="Maintenance mode"
                    badge={
                      values.maintenanceMode ? <span className="badge badge-danger">Site Offline</span> : null
                    }
                    hint="While on, shoppers see that the shop is down for maintenance; the back office keeps working."
                  />
                  <Toggle {...field} name="allowRegistrations" label="Allow registrations" />
                  <Toggle {...field} name="requireEmailVerification" label="Require email verification" />
                </Group>
                <Group title="Danger Zone" danger>
                  <div className="page-actions">
                    <button type="button" className="btn btn-danger" onClick={() => void clearCache()}>
                      Clear All Cache
                    </button>
                    <button type="button" className="btn btn-danger" onClick={() => void resetToDefaults()}>
                      Reset to Defaults
                    </button>
                  </div>
                </Group>
              </>
            ) : null}
          </div>
        </form>
      </div>
    </Page>
  );
}

function Group({
  title,
  danger = false,
  children,
}: {
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={`settings-group${danger ? ' danger-zone' : ''}`}>
      <legend className="card-title">{title}</legend>
      {children}
    </fieldset>
  );
}

interface FieldProps<K extends keyof SettingsFormValues> {
  values: SettingsFormValues;
  errors: FieldErrors;
  set(key: K, value: SettingsFormValues[K]): void;
  name: K;
  label: string;
  hint?: string;
}

type TextKey = {
  [K in keyof SettingsFormValues]: SettingsFormValues[K] extends string ? K : never;
}[keyof SettingsFormValues];
type FlagKey = {
  [K in keyof SettingsFormValues]: SettingsFormValues[K] extends boolean ? K : never;
}[keyof SettingsFormValues];

function TextField<K extends TextKey>({
  values,
  errors,
  set,
  name,
  label,
  hint,
  type = 'text',
  multiline = false,
  autoComplete,
  inputMode,
}: FieldProps<K> & {
  type?: string;
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  const id = useId();
  const error = errors[name];
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: values[name] as string,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} onChange={(event) => set(name, event.target.value as SettingsFormValues[K])} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(event) => set(name, event.target.value as SettingsFormValues[K])}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SelectField<K extends TextKey>({
  values,
  errors,
  set,
  name,
  label,
  hint,
  options,
}: FieldProps<K> & { options: readonly string[] }) {
  const id = useId();
  const error = errors[name];
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={values[name] as string}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => set(name, event.target.value as SettingsFormValues[K])}
      >
        <option value="">Not set</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function NumberField<K extends TextKey>(props: FieldProps<K>) {
  return <TextField {...props} type="number" inputMode="decimal" />;
}

function Toggle<K extends FlagKey>({
  values,
  errors,
  set,
  name,
  label,
  hint,
  badge,
}: FieldProps<K> & { badge?: ReactNode }) {
  const id = useId();
  const error = errors[name];
  return (
    <div className="field toggle-field">
      <div className="toggle-row">
        <label className="checkbox" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={values[name] as boolean}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(event) => set(name, event.target.checked as SettingsFormValues[K])}
          />
          {label}
        </label>
        {badge}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
