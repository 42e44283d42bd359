import { PASSWORD_CHECKS, passwordScore, passwordStrength } from '@shop/proto';

const LABELS = { none: '', poor: 'Poor', medium: 'Medium', strong: 'Strong' } as const;

/** The strength meter: score 0-5 from the shared checks; 4+ strong, 2-3 medium, below 2 poor. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const strength = passwordStrength(password);
  if (strength === 'none') return null;
  const score = passwordScore(password);
  return (
    <div className={`strength strength-${strength}`} id={id}>
      <div className="strength-bar" aria-hidden="true">
        <span style={{ width: `${(score / 5) * 100}%` }} />
      </div>
      <p className="strength-label" aria-live="polite">
        Password strength: <strong>{LABELS[strength]}</strong>
      </p>
      <ul className="strength-checks">
        {PASSWORD_CHECKS.map(({ label, pattern }) => {
          const met = pattern.test(password);
          return (
            <li key={label} className={met ? 'met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '○'}</span> {label}
              <span className="visually-hidden">{met ? ' (done)' : ' (missing)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
