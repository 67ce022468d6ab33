import type { FaultDef } from './fault.js';

export const itemFaults = {
  'items-page-zero-based': { clause: 'ITEM-PAGE-ONE-BASED', description: 'The items page object counts pages from 0 (page=1 reports number 0).' },
} as const satisfies Record<string, FaultDef>;
