import type { AppOptions } from '../../src/app.js';

/** A logger for an app under test that keeps its lines (pino's JSON), to look for the worker's. */
export function capturedLog() {
  const lines: { level: number; msg: string; postId?: string }[] = [];
  const logger: AppOptions['logger'] = {
    level: 'info',
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  };
  return {
    logger,
    lines,
    messages: () => lines.map((line) => line.msg),
    published: () => lines.filter((line) => line.msg === 'published a scheduled post').map((l) => l.postId!),
  };
}
