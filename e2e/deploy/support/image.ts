import { Component, dockerfileOf } from './components';
import { interpolatedCompose } from './compose';
import { parseDockerfile, Stage } from './dockerfile';
import { readRepoFile } from './repo';

/** A component's Dockerfile as its image is built: with the build arguments docker-compose.yml passes. */
export function imageStages(component: Component): Stage[] {
  const args = interpolatedCompose().services[component.name]?.build?.args ?? {};
  return parseDockerfile(
    readRepoFile(dockerfileOf(component)),
    Object.fromEntries(Object.entries(args).map(([name, value]) => [name, String(value)])),
  );
}
