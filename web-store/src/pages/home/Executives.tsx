import { useEffect, useState } from 'react';
import { EXECUTIVE_INTERVAL_MS, EXECUTIVES } from '../../content/home';

/** The about section: the two executives alternate every 4 seconds; hovering or focusing pauses. */
export function Executives() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % EXECUTIVES.length),
      EXECUTIVE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [paused]);

  const exec = EXECUTIVES[index];
  return (
    <section className="section about" aria-labelledby="about-title">
      <div className="container about-grid">
        <div>
          <h2 id="about-title" className="section-title">
            About us
          </h2>
          <p>
            For over 25 years our family business has printed labels and merchandise for companies across
            India. MS serves businesses that order in bulk; Jaksh brings the same workshop to people who want
            one thoughtful, personalised gift.
          </p>
          <p>
            Everything is designed, printed and finished in Mumbai and shipped to every state and union
            territory.
          </p>
        </div>
        <div
          className="executive"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <figure key={exec.name} className="executive-card" aria-live={paused ? 'polite' : 'off'}>
            <span className="executive-avatar" aria-hidden="true">
              {exec.initials}
            </span>
            <blockquote>{exec.quote}</blockquote>
            <figcaption>
              <strong>{exec.name}</strong>
              <span>{exec.role}</span>
            </figcaption>
          </figure>
          <div className="executive-dots" role="group" aria-label="Choose an executive">
            {EXECUTIVES.map((e, i) => (
              <button
                key={e.name}
                type="button"
                aria-label={e.name}
                aria-pressed={i === index}
                className={i === index ? 'dot active' : 'dot'}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
