type Env = Record<string, string | undefined>;

/** The AI authoring settings (README "AI" rows; docs/ai-authoring.md). */
export interface AiConfig {
  /** An OpenAI-compatible API; null: the local extractive generator. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  planModel: string | null;
  quizModel: string | null;
  timeoutMs: number;
  maxAttempts: number;
  costPer1kPromptTokens: number;
  costPer1kCompletionTokens: number;
  /** What the extractive generator costs per 1,000 characters it reads and writes (0: free). */
  costPer1kCharactersLocal: number;
  /** Cost units per calendar month (UTC); 0: no limit. */
  budgetPerAuthor: number;
  budgetPerOrganisation: number;
  maxDocumentBytes: number;
  /** Per external tool run (LibreOffice, poppler). */
  toolTimeoutMs: number;
  imageWidth: number;
  maxImagePages: number;
  /** Jobs run at once by this process. */
  concurrency: number;
}

function number(env: Env, name: string, fallback: number, integer = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value)))
    throw new Error(`${name} must be a non-negative ${integer ? 'integer' : 'number'}, got "${raw}"`);
  return value;
}

export function loadAiConfig(env: Env): AiConfig {
  const baseUrl = env.AI_BASE_URL?.trim() || null;
  if (baseUrl && !/^https?:\/\//.test(baseUrl)) throw new Error(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return {
    baseUrl,
    apiKey: env.AI_API_KEY || null,
    model: env.AI_MODEL || 'gpt-4o-mini',
    planModel: env.AI_MODEL_PLAN || null,
    quizModel: env.AI_MODEL_QUIZ || null,
    timeoutMs: number(env, 'AI_TIMEOUT_MS', 120_000, true),
    maxAttempts: Math.max(1, number(env, 'AI_MAX_ATTEMPTS', 3, true)),
    costPer1kPromptTokens: number(env, 'AI_COST_PER_1K_PROMPT_TOKENS', 1),
    costPer1kCompletionTokens: number(env, 'AI_COST_PER_1K_COMPLETION_TOKENS', 3),
    costPer1kCharactersLocal: number(env, 'AI_COST_PER_1K_CHARS_LOCAL', 0),
    budgetPerAuthor: number(env, 'AI_BUDGET_PER_AUTHOR', 0),
    budgetPerOrganisation: number(env, 'AI_BUDGET_PER_ORGANISATION', 0),
    maxDocumentBytes: number(env, 'AI_MAX_DOCUMENT_BYTES', 1024 * 1024 * 1024 - 1, true),
    toolTimeoutMs: number(env, 'AI_TOOL_TIMEOUT_MS', 300_000, true),
    imageWidth: number(env, 'AI_PAGE_IMAGE_WIDTH', 320, true),
    maxImagePages: number(env, 'AI_MAX_IMAGE_PAGES', 300, true),
    concurrency: Math.max(1, number(env, 'AI_JOB_CONCURRENCY', 1, true)),
  };
}
