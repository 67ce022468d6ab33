import { conformance } from '../../harness/conformance.js';
import { expectOnlyOwnBackend } from './support.js';

// §4.6 source table: source=inventory returns inventory orders only.
conformance('PO-SOURCE-INVENTORY', (ctx) => expectOnlyOwnBackend(ctx, 'inventory'));
