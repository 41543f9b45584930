import { randomUUID } from 'node:crypto'

/**
 * What the SDK asks before it records (PostHog's RemoteConfig.build_config, as served at
 * `/array/{token}/config` and inside `config.js`): session recording on, sent to `/s/` with console
 * logs; events to `/i/v0/e/`; gzip as the compression; and everything this server has no use for
 * (feature flags, surveys, heatmaps, dead clicks, exception autocapture, web vitals) off, so the SDK
 * loads no script for it.
 */
export function remoteConfig(token: string) {
  return {
    token,
    supportedCompression: ['gzip', 'gzip-js'],
    hasFeatureFlags: false,
    captureDeadClicks: false,
    capturePerformance: false,
    autocapture_opt_out: false,
    autocaptureExceptions: false,
    analytics: { endpoint: '/i/v0/e/' },
    elementsChainAsString: true,
    sessionRecording: {
      endpoint: '/s/',
      consoleLogRecordingEnabled: true,
      recorderVersion: 'v2',
      sampleRate: null,
      minimumDurationMilliseconds: null,
      linkedFlag: null,
      networkPayloadCapture: null,
      masking: null,
      urlTriggers: [],
      urlBlocklist: [],
      eventTriggers: [],
      triggerMatchType: null,
      scriptConfig: null,
      recordCanvas: false,
      canvasFps: null,
      canvasQuality: null,
    },
    heatmaps: false,
    surveys: false,
    productTours: false,
    defaultIdentifiedOnly: true,
    siteApps: [],
  }
}

/** `config.js`: the same config, put where array.js looks for it before asking for the JSON. */
export const remoteConfigScript = (token: string) =>
  `(function(){window._POSTHOG_REMOTE_CONFIG=window._POSTHOG_REMOTE_CONFIG||{};` +
  `window._POSTHOG_REMOTE_CONFIG[${JSON.stringify(token)}]={config:${JSON.stringify(remoteConfig(token))},siteApps:[]};})();`

/**
 * `/flags/?v=2` (and the older `/decide/`): no feature flags here, so every evaluation is empty; with
 * `config=true` or on `/decide/` the remote config comes along, as PostHog's answer carries it.
 */
export function flagsAnswer(token: string, withConfig: boolean) {
  return {
    ...(withConfig ? remoteConfig(token) : {}),
    flags: {},
    featureFlags: {},
    featureFlagPayloads: {},
    errorsWhileComputingFlags: false,
    quotaLimited: [],
    requestId: randomUUID(),
    evaluatedAt: Date.now(),
  }
}
