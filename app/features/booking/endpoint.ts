/** Where the site's forms send their JSON (server: POST/OPTIONS /api/process-form). */
export const FORM_ENDPOINT = '/api/process-form'
