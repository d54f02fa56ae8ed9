// `npm run dev`: the API with restart-on-change on port 5001 and Vite with hot reload on 5000,
// which forwards /api to it, so the browser sees one origin as in production; the message
// catalogues compiled again whenever a .po file changes (the API then restarts on them).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_ORIGIN: 'http://localhost:5000', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://localhost:${apiPort}` },
  }),
  spawn('npx', ['lingui', 'compile', '--watch'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
