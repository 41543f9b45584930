/** API paths the first requests (first-requests.ts) and the query factories both use, so they are one URL. */
export const CURRENT_KEY_PATH = '/api/personal_api_keys/@current/'
export const CURRENT_USER_PATH = '/api/users/@me/'
export const recordingsPath = (projectId: number) => `/api/projects/${projectId}/session_recordings/`
