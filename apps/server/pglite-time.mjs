import { PGlite } from '@electric-sql/pglite';
const t0 = performance.now();
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const db = new PGlite();
  await db.query('select 1');
  await db.close();
  console.log(process.version, 'pglite start', Math.round(performance.now() - t), 'ms');
}
