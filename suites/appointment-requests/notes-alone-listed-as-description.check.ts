import { ContractViolation } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { taggedComment } from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { createAndFind, descriptionOf, plan } from './support.js';

// §2.5, §4.5 create rule 2: notes is a write-only alias; lists return the comment in description.
conformance('APPT-NOTES-ALIAS', { needs: ['write', 'location'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'notes-alias');
  const placed = plan(ctx, 'notes-only', (tag) => ({ notes: taggedComment(f, tag) }));
  const { created, record } = await createAndFind(ctx, placed);
  const listed = descriptionOf(record);
  const sent = created.body.notes!;
  if (typeof listed !== 'string' || listed.trim() !== sent.trim()) {
    throw new ContractViolation(`sent only notes ${JSON.stringify(sent)}; the list shows description ${JSON.stringify(listed)}`);
  }
});
