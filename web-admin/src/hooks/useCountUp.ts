import { useEffect, useState } from 'react';

/** Dashboard counters count up from 0 in 100 steps of 20 ms (back-office spec, section 9). */
export const COUNT_UP_STEPS = 100;
export const COUNT_UP_STEP_MS = 20;

/** The counter's value after `step` of `steps` steps: whole numbers on the way, the target at the end. */
export function countUpValue(target: number, step: number, steps = COUNT_UP_STEPS): number {
  if (step >= steps) return target;
  return Math.floor((target * step) / steps);
}

/** Counts from 0 up to `target`; a new target counts up again from 0. */
export function useCountUp(target: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    let current = 0;
    setStep(0);
    if (target === 0) return;
    const timer = window.setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= COUNT_UP_STEPS) window.clearInterval(timer);
    }, COUNT_UP_STEP_MS);
    return () => window.clearInterval(timer);
  }, [target]);
  return countUpValue(target, step);
}
