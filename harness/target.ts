import type { Settings } from './config.js';
import type { TargetInfo } from './run/run-info.js';

/** Starts embedded mock instances. The only place the harness touches mock/. */
export interface EmbeddedTargets {
  targets: TargetInfo[];
  stop(): Promise<void>;
  /** Non-GET requests each instance received, for the read-only self-test. */
  writesSeen(): number;
}

export async function startEmbedded(settings: Settings, faultsPerTarget: (string | undefined)[]): Promise<EmbeddedTargets> {
  const { startMock } = await import('../mock/server.js');
  const servers = await Promise.all(faultsPerTarget.map((fault) => startMock({ faults: fault ? [fault] : [], seed: undefined })));
  const targets = servers.map((m, i): TargetInfo => {
    const fault = faultsPerTarget[i];
    return {
      id: fault ?? 'main',
      label: fault ? `fault ${fault}` : 'conforming mock',
      kind: 'embedded',
      fault,
      baseUrl: m.url,
      publicUrl: m.url,
      token: m.tokens.full,
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
  void settings;
}

export function liveTarget(settings: Settings, token: string): TargetInfo {
  return {
    id: 'main',
    label: settings.baseUrl!,
    kind: 'live',
    baseUrl: settings.baseUrl!,
    publicUrl: settings.baseUrl!,
    token,
    tokenNoPo: settings.accessTokenNoPo,
    companyId: settings.companyId!,
    otherCompanyId: settings.otherCompanyId,
    locationId: settings.locationId,
    customerId: settings.customerId,
  };
}
