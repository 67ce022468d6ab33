import { staticToken, type TokenSource } from './auth/session.js';
import type { Settings } from './config.js';
import type { RealTarget } from './pacing/index.js';

/** Starts embedded mock instances. The only place the harness touches mock/. */
export interface EmbeddedTargets {
  targets: RealTarget[];
  stop(): Promise<void>;
  /** Non-GET requests each instance received, for the read-only self-test. */
  writesSeen(): number;
}

export async function startEmbedded(faultsPerTarget: (string | undefined)[]): Promise<EmbeddedTargets> {
  const { startMock } = await import('../mock/server.js');
  const servers = await Promise.all(
    faultsPerTarget.map((fault) => startMock({ faults: fault ? [fault] : [], seed: undefined })),
  );
  const targets = servers.map((m, i): RealTarget => {
    const fault = faultsPerTarget[i];
    return {
      id: fault ?? 'main',
      label: fault ? `fault ${fault}` : 'conforming mock',
      kind: 'embedded',
      // Every embedded mock of one data seed serves the same data, whatever its port: shards merge.
      identity: `embedded reference mock (data seed ${m.seed})${fault ? ` with fault ${fault}` : ''}`,
      fault,
      publicUrl: m.url,
      token: staticToken(m.tokens.full),
      tokenNoPo: m.tokens.noPo,
      expiredToken: m.tokens.expired,
      companyId: m.fixtures.companyId,
      otherCompanyId: m.fixtures.otherCompanyId,
      locationId: m.fixtures.locationId,
      customerId: m.fixtures.customerId,
    };
  });
  return {
    targets,
    stop: async () => void (await Promise.all(servers.map((s) => s.stop()))),
    writesSeen: () => servers.reduce((n, s) => n + s.requestLog.filter((r) => r.method !== 'GET').length, 0),
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
