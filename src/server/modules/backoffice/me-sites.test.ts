import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

describe.runIf(backendAvailable)('back office: the sites whose time zone times are shown in', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);

  it('tells every operator, whatever their role, each site’s time zone and currency', async () => {
    for (const role of ['owner', 'trading', 'cashier'] as const) {
      const me = (await as(role).get('/api/admin/me')).json();
      expect(me.sites).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ timezone: 'Asia/Bangkok', currency: 'THB', isDefault: true }),
          expect.objectContaining({ timezone: 'Asia/Seoul', currency: 'KRW', isDefault: false }),
        ]),
      );
    }
  });
});
