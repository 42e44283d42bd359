import { robotsResponse } from '../resources.server';

/** `/robots.txt`: a resource route (no component), answered by the web-store server. */
export function loader() {
  return robotsResponse();
}
