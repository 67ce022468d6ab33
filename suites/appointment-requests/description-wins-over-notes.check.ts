import { ContractViolation } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { taggedComment } from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { createAndFind, descriptionOf, plan } from './support.js';

// §4.5 create rule 2: with both sent, description is the comment.
conformance('APPT-DESCRIPTION-WINS', { needs: ['write', 'location'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'description-wins');
  const placed = plan(ctx, 'both-comments', (tag) => ({ description: taggedComment(f, tag), notes: `notes that must lose ${f.lorem.words(4)}` }));
  const { created, record } = await createAndFind(ctx, placed);
  const listed = descriptionOf(record);
  const sent = created.body.description!;
  if (typeof listed !== 'string' || listed.trim() !== sent.trim()) {
    const which = listed === created.body.notes ? ' (the notes won)' : '';
    throw new ContractViolation(`sent description ${JSON.stringify(sent)} and notes ${JSON.stringify(created.body.notes)}; the list shows description ${JSON.stringify(listed)}${which}`);
  }
});
