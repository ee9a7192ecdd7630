/**
 * `npm test`: the type check, the unit and API tests (vitest) and the end-to-end tests (build, then Playwright),
 * with vitest running beside the other two instead of between them (decision 043, round 13). Playwright alone keeps
 * about 1.3 of the 2 cores busy (it waits on pages and servers), vitest about 1.6: side by side they finish together
 * sooner than one after the other, and on a machine shared with a CPU-heavy job the suite keeps its share of it.
 * The type check stays before the build: both write Astro's generated types (`.astro/`).
 *
 * Playwright's output streams as it comes; vitest's is held and printed whole when it ends, so neither breaks the
 * other's lines. Every step runs to its end (one failure does not hide another); exits 1 when any failed.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  /** npm scripts run one after the other; the first that fails ends the step. */
  scripts: string[];
  /** Held and printed whole at the end of the step, instead of as it comes. */
  held: boolean;
}

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

function runScript(script: string, held: boolean, output: Buffer[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runStep(step: Step): Promise<Outcome> {
  const started = performance.now();
  const output: Buffer[] = [];
  let code = 0;
  for (const script of step.scripts) {
    code = await runScript(script, step.held, output);
    if (code !== 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  if (step.held) {
    process.stdout.write(`\n──── ${step.name} (${step.scripts.join(', ')}): ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ────\n`);
    process.stdout.write(Buffer.concat(output));
    process.stdout.write(`──── end of ${step.name} ────\n\n`);
  }
  return { name: step.name, code, seconds };
}

const outcomes = await Promise.all([
  runStep({ name: 'type check, then end-to-end', scripts: ['check', 'test:e2e'], held: false }),
  runStep({ name: 'unit and API tests', scripts: ['test:unit'], held: true }),
]);
console.log('');
for (const { name, code, seconds } of outcomes) console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${name}  ${seconds.toFixed(0)} s`);
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1);
