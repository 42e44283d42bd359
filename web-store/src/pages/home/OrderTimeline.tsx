import { useEffect, useRef, useState } from 'react';
import { ORDER_STEPS } from '../../content/home';
import { timelineStates, type StepState } from './timeline';

export function OrderTimeline() {
  const stepRefs = useRef<(HTMLLIElement | null)[]>([]);
  const [states, setStates] = useState<StepState[]>(() => ORDER_STEPS.map(() => 'future'));

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const tops = stepRefs.current.map((el) => el?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY);
      const next = timelineStates(tops, window.innerHeight);
      setStates((current) => (current.join() === next.join() ? current : next));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <section className="section timeline-section" aria-labelledby="timeline-title">
      <div className="container">
        <h2 id="timeline-title" className="section-title">
          How your order comes together
        </h2>
        <ol className="timeline">
          {ORDER_STEPS.map((step, index) => (
            <li
              key={step.title}
              ref={(el) => {
                stepRefs.current[index] = el;
              }}
              className={`timeline-step ${states[index]}`}
              data-state={states[index]}
              aria-current={states[index] === 'active' ? 'step' : undefined}
            >
              <span className="timeline-marker" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
