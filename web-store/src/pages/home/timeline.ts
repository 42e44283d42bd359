import { TIMELINE_ACTIVATION_RATIO } from '../../content/home';

export type StepState = 'past' | 'active' | 'future';

/**
 * Marks timeline steps by scroll position: the last step whose top has risen above the
 * activation line is active, the ones before it are past, the rest are still to come.
 */
export function timelineStates(stepTops: number[], viewportHeight: number): StepState[] {
  const line = viewportHeight * TIMELINE_ACTIVATION_RATIO;
  const active = stepTops.reduce((found, top, index) => (top <= line ? index : found), -1);
  return stepTops.map((_, index) => (index < active ? 'past' : index === active ? 'active' : 'future'));
}
