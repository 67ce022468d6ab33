import { staticToken, type TokenSource } from './auth/session.js';
import type { Settings } from './config.js';
import type { RealTarget } from './pacing/index.js';
import type { MockServer } from '../mock/server.js';

/** Starts embedded mock instances. The only place the harness touches mock/. */
export interface EmbeddedTargets {
  targets: RealTarget[];
  stop(): Promise<void>;
  /** Non-GET requests each instance received, for the read-only self-test. */
  writesSeen(): number;
}

/**
 * A server in front of an embedded mock (a member of the generated family, test/family/): started by
 * its owner, it answers at `url` with the mock's tokens; its fixture ids may be written another way.
 */
export interface EmbeddedFront {
  id: string;
  label: string;
  /** The mock fault under the front, if any (the family fault self-check). */
  fault?: string;
  start(): Promise<{ url: string; mock: MockServer; customerId?: string; stop(): Promise<void> }>;
}

export async function startEmbedded(
  faultsPerTarget: (string | undefined)[],
  fronts: readonly EmbeddedFront[] = [],
): Promise<EmbeddedTargets> {
  const { startMock } = await import('../mock/server.js');
  const bare = faultsPerTarget.map(async (fault) => {
    const m = await startMock({ faults: fault ? [fault] : [], seed: undefined });
    return { url: m.url, mock: m, customerId: m.fixtures.customerId, stop: () => m.stop() };
  });
  const servers = await Promise.all([...bare, ...fronts.map((f) => f.start())]);
  const targets = servers.map(({ url, mock: m, customerId }, i): RealTarget => {
    const front = i >= faultsPerTarget.length ? fronts[i - faultsPerTarget.length] : undefined;
    const fault = front ? front.fault : faultsPerTarget[i];
    return {
      id: front?.id ?? fault ?? 'main',
      label: front?.label ?? (fault ? `fault ${fault}` : 'conforming mock'),
      kind: 'embedded',
      // Every embedded mock of one data seed serves the same data, whatever its port: shards merge.
      identity: `${front ? `${front.label} over the ` : ''}embedded reference mock (data seed ${m.seed})${fault ? ` with fault ${fault}` : ''}`,
      fault,
      publicUrl: url,
      token: staticToken(m.tokens.full),
      tokenNoPo: m.tokens.noPo,
      expiredToken: m.tokens.expired,
      companyId: m.fixtures.companyId,
      otherCompanyId: m.fixtures.otherCompanyId,
      locationId: m.fixtures.locationId,
      secondLocationId: m.fixtures.secondLocationId,
      customerId: customerId ?? m.fixtures.customerId,
    };
  });
  return {
    targets,
    stop: async () => void (await Promise.all(servers.map((s) => s.stop()))),
    writesSeen: () => servers.reduce((n, s) => n + s.mock.requestLog.filter((r) => r.method !== 'GET').length, 0),
  };
}

export function liveTarget(settings: Settings, token: TokenSource): RealTarget {
  return {
    id: 'main',
    label: settings.baseUrl!,
    kind: 'live',
    identity: settings.baseUrl!,
    loggedIn: !settings.accessToken,
    publicUrl: settings.baseUrl!,
    token,
    tokenNoPo: settings.accessTokenNoPo,
    expiredToken: settings.accessTokenExpired,
    companyId: settings.companyId!,
    otherCompanyId: settings.otherCompanyId,
    locationId: settings.locationId,
    secondLocationId: settings.secondLocationId,
    customerId: settings.customerId,
  };
}

/** The standalone mock of `npm run mock` (this module is the harness's one door to mock/). */
export {
  faultList,
  startStandalone,
  StandaloneError,
  type Standalone,
  type StandaloneOptions,
} from '../mock/standalone.js';
