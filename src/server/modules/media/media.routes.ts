import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { catalogueTitle, lobbyGameOf } from '../games/catalogue.service.ts';
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
    // A vendor's tile shows its lead game's artwork under the vendor's name: no two look alike.
    const lead = kind === 'vendors' ? await lobbyGameOf(db, code) : code;
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(
        (lead && themedSlotTile(lead, title)) ||
          (lead && kind === 'vendors' ? tileSvg(lead, title, 'game') : undefined) ||
          tileSvg(code, title, kind === 'vendors' ? 'vendor' : 'game'),
      );
  });
}
