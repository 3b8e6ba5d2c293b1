import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { catalogueTitle } from '../games/catalogue.service.ts';
import { themedSlotTile } from './themed-slot-tiles.tsx';
import { tileSvg } from './tile-art.ts';

/** /media/vendors/<code>.svg and /media/games/<code>.svg: generated artwork for catalogue tiles. */
export async function mediaRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const code = file.replace(/\.svg$/, '');
    const title =
      kind === 'vendors' || kind === 'games'
        ? await catalogueTitle(db, kind === 'vendors' ? 'vendor' : 'game', code)
        : undefined;
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
