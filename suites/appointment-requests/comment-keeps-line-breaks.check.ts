import { ContractViolation } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { multiLineComment } from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { createAndFind, descriptionOf, plan } from './support.js';

// §2.5: the comment is plain text and line breaks are supported. \r\n is read as \n.
conformance('APPT-LINE-BREAKS', { needs: ['write', 'location'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'line-breaks');
  const placed = plan(ctx, 'line-breaks', (tag) => ({ description: multiLineComment(f, tag, 3) }));
  const { created, record } = await createAndFind(ctx, placed);
  const listed = descriptionOf(record);
  const sent = created.body.description!;
  const lines = (s: string) => s.replace(/\r\n?/g, '\n').trim().split('\n');
  if (typeof listed !== 'string' || JSON.stringify(lines(listed)) !== JSON.stringify(lines(sent))) {
    throw new ContractViolation(`sent a ${lines(sent).length}-line comment ${JSON.stringify(sent)}; the list shows ${JSON.stringify(listed)}`);
  }
});
