/**
 * The commands that run a server or act on one: serve, backup, restore, loadtest (English: they are for whoever
 * keeps the server). Each loads `@olsen/server` only when run, so play, verify and sim do not pay for it.
 */
import { Option, type Command } from 'commander';
import { int } from './option-parsers.js';
import { shellWord } from './again.js';
import { endWithParent, runChild, wantsChild } from './serve-process.js';


/** Adds serve, backup, restore and loadtest to `program`; `say` gives olsen's own list its Norwegian summaries. */
export function addServerCommands(program: Command, say: (nb: string, en: string) => string): void {
  program
    .command('serve')
    .summary(say('Start Olsen-serveren (bord, datamaskinspillere, spill på nett; engelsk).', '')) // olsen's list; the page itself is English
    .description('Start the Olsen server (tables, bots, real-time play); settings from the environment, see README.')
    .option('-p, --port <port>', 'port to listen on (PORT, default 8080)', int('port', 0, 65535))
    .option('--host <host>', 'address to bind (HOST, default 127.0.0.1; 0.0.0.0 to let others on your network join)')
    .option('--data-dir <dir>', 'folder for the SQLite database (DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL instead of SQLite (DATABASE_URL)')
    .action(async (opts: { port?: number; host?: string; dataDir?: string; databaseUrl?: string }) => {
      // One core: the server runs in a child with single-threaded GC (serve-process.ts says why).
      if (wantsChild()) {
        process.exitCode = await runChild();
        return;
      }
      endWithParent();
      // Loaded here so that verify, sim and play do not pay for the server's dependencies.
      const { serve } = await import('@olsen/server');
      await serve({
        ...(opts.port !== undefined ? { port: opts.port } : {}),
        ...(opts.host ? { host: opts.host } : {}),
        ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
      });
    });
  // A family server's backup (server/src/backup.ts): the embedded SQLite database only; PostgreSQL has pg_dump.
  const pgRefusal = (command: string): boolean => {
    if (!process.env.DATABASE_URL) return false;
    process.stderr.write(`olsen ${command}: DATABASE_URL is set: this server keeps its data in PostgreSQL, which pg_dump and pg_restore back up (README, "Backing up").\n`);
    process.exitCode = 2;
    return true;
  };
  program
    .command('backup')
    .summary(say('Ta sikkerhetskopi av serverens database mens den kjører (engelsk).', '')) // olsen's list; the page itself is English
    .description("Write a consistent copy of the server's embedded SQLite database to FILE, while the server runs (SQLite's online backup, not a file copy).")
    .argument('<file>', 'the backup file to write')
    .option('--data-dir <dir>', 'the server\'s data folder (DATA_DIR, default ./data)')
    .action(async (file: string, opts: { dataDir?: string }) => {
      if (pgRefusal('backup')) return;
      const { backupDatabase, BackupError } = await import('@olsen/server');
      try {
        const r = await backupDatabase(opts.dataDir ?? (process.env.DATA_DIR || 'data'), file);
        // The command to put it back names the same folder (a default one would restore into another server's data).
        const dir = opts.dataDir ? ` --data-dir ${shellWord(opts.dataDir)}` : '';
        process.stdout.write(`Backed up to ${r.file} (${r.pages} pages, ${r.bytes} bytes). Put it back, the server stopped, with: olsen restore ${shellWord(file)}${dir}\n`);
      } catch (e) {
        process.stderr.write(`olsen backup: ${e instanceof BackupError ? e.message : `the backup failed: ${(e as Error).message}`}\n`);
        process.exitCode = 1;
      }
    });
  program
    .command('restore')
    .summary(say('Legg en sikkerhetskopi tilbake i en stanset server (engelsk).', '')) // olsen's list; the page itself is English
    .description("Put a backup made by olsen backup in place of a stopped server's database; the database it replaces is kept beside it, renamed.")
    .argument('<file>', 'the backup file')
    .option('--data-dir <dir>', 'the server\'s data folder (DATA_DIR, default ./data)')
    .action(async (file: string, opts: { dataDir?: string }) => {
      if (pgRefusal('restore')) return;
      const { restoreDatabase, BackupError } = await import('@olsen/server');
      try {
        const r = restoreDatabase(file, opts.dataDir ?? (process.env.DATA_DIR || 'data'));
        const dir = opts.dataDir ? ` --data-dir ${shellWord(opts.dataDir)}` : '';
        process.stdout.write(`Restored ${file} to ${r.file}${r.kept ? `; the database it replaced is kept as ${r.kept}` : ''}. Start the server again: olsen serve${dir}\n`);
      } catch (e) {
        process.stderr.write(`olsen restore: ${e instanceof BackupError ? e.message : `the restore failed: ${(e as Error).message}`}\n`);
        process.exitCode = 1;
      }
    });

  program
    .command('loadtest')
    .summary(say('Belastningstest mot Olsen-servere på denne maskinen (for utviklere; engelsk).', '')) // olsen's list; the page itself is English
    .description('Simulated people against Olsen servers on this machine: tables of four, think time, reconnects; prints latency, throughput, errors and server memory as JSON.')
    .option('-u, --url <url>', 'server URL (repeat for several processes; loopback only)', (v: string, prev: string[] = []) => [...prev, v])
    .option('-n, --players <n>', 'simulated players', int('players', 1, 100_000), 100)
    .option('-d, --duration <s>', 'seconds to run (ramp-up included)', int('duration', 1, 86_400), 60)
    .option('--think <ms>', 'mean think time before an action', int('think', 0, 60_000), 1000)
    .option('--ramp <n>', 'new connections per second while ramping up', int('ramp', 1, 100_000), 500)
    .option('--reconnect-rate <p>', 'chance per player per second of a dropped connection', Number, 0.001)
    .option('-g, --game <game>', 'olsen, vri-atter, vri-atter-002 or olsen-dk', 'olsen')
    .addOption(new Option('--spread <how>', "players over several URLs: a table's four on one server (table) or each player on the next (seat, as plain round robin: tables span processes)").choices(['table', 'seat']).default('table'))
    .addOption(new Option('--client <kind>', "the players' connections: a bare WebSocket speaking socket.io (raw, light on the generator) or socket.io-client").choices(['raw', 'socket.io']).default('raw'))
    .option('--json', 'print one JSON object (the default output)')
    .action(async (opts: { url?: string[]; players: number; duration: number; think: number; ramp: number; reconnectRate: number; game: string; client: 'raw' | 'socket.io'; spread: 'table' | 'seat' }) => {
      const { runLoadtest, checkLoopback } = await import('./loadtest.js');
      const urls = opts.url?.length ? opts.url : ['http://127.0.0.1:8080'];
      try {
        urls.forEach(checkLoopback);
      } catch (e) {
        process.stderr.write(`olsen loadtest: ${(e as Error).message}\n`);
        process.exit(2);
      }
      if (!Number.isFinite(opts.reconnectRate) || opts.reconnectRate < 0 || opts.reconnectRate > 1) {
        process.stderr.write('olsen loadtest: --reconnect-rate must be a number from 0 to 1.\n');
        process.exit(2);
      }
      const report = await runLoadtest({
        urls, players: opts.players, durationS: opts.duration, thinkMs: opts.think, rampPerS: opts.ramp, reconnectRate: opts.reconnectRate, game: opts.game, client: opts.client, spread: opts.spread,
        progress: process.stderr.isTTY ? (line) => process.stderr.write(`\r${line}   `) : null,
      });
      if (process.stderr.isTTY) process.stderr.write('\n');
      process.stdout.write(`${JSON.stringify(report)}\n`);
      // Nothing connected is a failed run, not a quiet report of zeros.
      if (report.connectedPeak === 0) {
        process.stderr.write(`olsen loadtest: no player could connect to ${urls.join(', ')}: is the server running?\n`);
        process.exit(1);
      }
      process.exit(0);
    });
}
