import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { games, gameVendors } from '../games/games.schema.ts';
import { themedSlotTile } from './themed-slot-tiles.tsx';
import { tileSvg } from './tile-art.ts';

/** /media/vendors/<code>.svg and /media/games/<code>.svg: generated artwork for catalogue tiles. */
export async function mediaRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const code = file.replace(/\.svg$/, '');
    let title: string | undefined;
    if (kind === 'vendors') {
      [title] = (
        await db.select({ n: gameVendors.nameEn }).from(gameVendors).where(eq(gameVendors.code, code))
      ).map((r) => r.n);
    } else if (kind === 'games') {
      [title] = (await db.select({ n: games.nameEn }).from(games).where(eq(games.code, code)).limit(1)).map(
        (r) => r.n,
      );
    }
    if (!title || !file.endsWith('.svg'))
      return reply.code(404).send({ status: 'not_found', msg: 'msg3003', message: 'no such image' });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(
        (kind === 'games' && themedSlotTile(code, title)) ||
          tileSvg(code, title, kind === 'vendors' ? 'vendor' : 'game'),
      );
  });
}
