import { DevEngine } from '../../cli/serve/dev-engine';

/** One full build of the dev engine: when it began (Date.now()) and how long it took. */
export interface TimedBuild {
  began: number;
  ms: number;
}

/** A DevEngine for a bench's dev server that tells `onBuilt` of each full build it finishes. */
export function timedDevEngine(onBuilt: (build: TimedBuild) => void): DevEngine {
  const engine = new DevEngine();
  const build = engine.build.bind(engine);
  engine.build = async (...args) => {
    const began = Date.now();
    const from = performance.now();
    const result = await build(...args);
    onBuilt({ began, ms: performance.now() - from });
    return result;
  };
  return engine;
}
