import { isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { ITEM_TYPE, judgeTwins, poSection7 } from './section7.js';

const names = ['itemTypeWithInventory', 'itemTypeWithOnlineCatalog'] as const;

// §7 row 7 refuses itemType only with source=orders and with online&isPartsCatalog=false: with
// source=inventory and with online&isPartsCatalog=true it is answered 2xx (the twins of
// PO-ITEM-TYPE-RESTRICTED). The filter's values are not listed (S-4.6-itemType-values): a target
// may not know the value sent, so a refusal is judged only once the other twin shows it known.
conformance('PO-ITEM-TYPE-ACCEPTED', async (ctx: CheckContext) => {
  ctx.observe('itemType sent', `${ITEM_TYPE} (an itemType value of §2.2; §4.6 does not list the filter's values)`);
  const { twins } = await poSection7(ctx);
  const known = (name: (typeof names)[number]) => {
    const other = twins[names.find((n) => n !== name)!];
    return !!other && isSuccess(other.res);
  };
  await judgeTwins(ctx, names, (name) =>
    known(name as (typeof names)[number])
      ? undefined
      : `itemType=${ITEM_TYPE} was refused beside either source, so the value may be one the target does not know (S-4.6-itemType-values: the filter's values are not listed)`,
  );
});
