import { useEffect, useRef, useState } from 'react';
import { COUNTER_DURATION_MS, STATISTICS, STATS_GLOW_INTERVAL_MS, type Statistic } from '../../content/home';

/** The value shown after `elapsed` ms of a count-up that eases out over `duration` ms. */
export function countAt(target: number, elapsed: number, duration: number): number {
  if (elapsed >= duration) return target;
  const progress = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - progress) ** 3;
  return Math.floor(target * eased);
}

function Counter({ stat, running }: { stat: Statistic; running: boolean }) {
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const elapsed = now - start;
      setValue(countAt(stat.value, elapsed, COUNTER_DURATION_MS));
      if (elapsed < COUNTER_DURATION_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, stat.value]);

  return (
    <>
      <span className="stat-value" aria-hidden="true">
        {value}
        {stat.suffix}
      </span>
      <span className="visually-hidden">
        {stat.value}
        {stat.suffix}
      </span>
    </>
  );
}

export function Statistics() {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);
  const [glow, setGlow] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => setGlow((on) => !on), STATS_GLOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <section
      ref={ref}
      className={glow ? 'section stats glow' : 'section stats'}
      aria-labelledby="stats-title"
    >
      <div className="container">
        <h2 id="stats-title" className="section-title">
          Trusted across India
        </h2>
        <ul className="stats-grid">
          {STATISTICS.map((stat) => (
            <li key={stat.label} className="stat">
              <Counter stat={stat} running={visible} />
              <span className="stat-label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
