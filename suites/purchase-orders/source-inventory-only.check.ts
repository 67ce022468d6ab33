import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeSlice } from './membership.js';

// §4.6 source table: source=inventory returns inventory orders only.
conformance('PO-SOURCE-INVENTORY', async (ctx: CheckContext) => judgeSlice(ctx, 'inventory'));
