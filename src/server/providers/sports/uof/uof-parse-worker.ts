import { parentPort } from 'node:worker_threads';
import { parseUofMessage } from './uof-xml.ts';

/**
 * A parser thread of the feed (uof-parse-pool.ts): reads a lane's messages (XML, the schema's
 * shapes, each one's key) off the server's main thread and answers them in order. It touches no
 * database: what a message does to the book is still decided on the main thread, in its transaction.
 */
parentPort?.on('message', (job: { id: number; xmls: string[] }) => {
  parentPort?.postMessage({ id: job.id, parsed: job.xmls.map(parseUofMessage) });
});
