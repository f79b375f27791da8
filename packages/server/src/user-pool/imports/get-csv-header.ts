import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { csvHeaderOf } from './csv-header.js';

/** GetCSVHeader: the columns an import file for the pool may have, in Cognito's order. */
export const getCsvHeader = defineOperation('GetCSVHeader', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .respond((_ctx, i, s) => ({ UserPoolId: i.UserPoolId, CSVHeader: csvHeaderOf(s.pool) }));
