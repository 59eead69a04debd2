import { Inject, Injectable } from '@nestjs/common';
import { AI_USAGE, type AiUsageDocument } from '../../../projections/ai.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../infrastructure/clock/clock';
import { DomainError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';

export interface BudgetLine {
  used: number;
  /** null: no limit configured. */
  limit: number | null;
  percent: number | null;
}

export interface BudgetStatus {
  month: string;
  author: BudgetLine;
  organisation: BudgetLine;
  /** 80 or 95 once either budget passes that share, 100 once spent; null below 80 %. */
  warning: 80 | 95 | 100 | null;
}

/** A budget is spent: the call is refused before anything is asked of the provider. */
export class AiBudgetExceededError extends DomainError {
  constructor(scope: 'author' | 'organisation') {
    super(
      scope === 'author'
        ? 'Your AI budget for this month is spent: ask an administrator to raise it.'
        : "The organisation's AI budget for this month is spent: ask an administrator to raise it.",
      403,
      [{ field: 'budget', reason: `${scope} budget exceeded` }],
    );
  }
}

function line(used: number, limit: number): BudgetLine {
  return limit > 0 ? { used, limit, percent: Math.round((used / limit) * 1000) / 10 } : { used, limit: null, percent: null };
}

/** Budgets per author and for the organisation, per calendar month (UTC), in cost units (AI_BUDGET_*). */
@Injectable()
export class AiBudget {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  month(): string {
    return this.clock.now().toISOString().slice(0, 7);
  }

  async status(authorId: string): Promise<BudgetStatus> {
    const month = this.month();
    const usage = this.store.collection<AiUsageDocument>(AI_USAGE);
    const [author, organisation] = await Promise.all([usage.findById(`author:${authorId}:${month}`), usage.findById(`org:${month}`)]);
    const lines = {
      author: line(author?.costUnits ?? 0, this.config.ai.budgetPerAuthor),
      organisation: line(organisation?.costUnits ?? 0, this.config.ai.budgetPerOrganisation),
    };
    const highest = Math.max(lines.author.percent ?? 0, lines.organisation.percent ?? 0);
    const warning = highest >= 100 ? 100 : highest >= 95 ? 95 : highest >= 80 ? 80 : null;
    return { month, ...lines, warning };
  }

  /** Throws when the author's or the organisation's budget is spent (100 % or more). */
  async check(authorId: string): Promise<BudgetStatus> {
    const status = await this.status(authorId);
    if (status.author.percent !== null && status.author.percent >= 100) throw new AiBudgetExceededError('author');
    if (status.organisation.percent !== null && status.organisation.percent >= 100) throw new AiBudgetExceededError('organisation');
    return status;
  }

  /** The admin's view: the organisation's month and each author's. */
  async usage(month = this.month()) {
    const docs = await this.store.collection<AiUsageDocument>(AI_USAGE).find({ month });
    const organisation = docs.find((d) => d.scope === 'organisation');
    const strip = (d: AiUsageDocument) => ({
      calls: d.calls,
      costUnits: d.costUnits,
      promptTokens: d.promptTokens,
      completionTokens: d.completionTokens,
      characters: d.characters,
      durationMs: d.durationMs,
      models: d.models,
    });
    return {
      month,
      organisation: {
        ...(organisation ? strip(organisation) : { calls: 0, costUnits: 0, promptTokens: 0, completionTokens: 0, characters: 0, durationMs: 0, models: {} }),
        ...line(organisation?.costUnits ?? 0, this.config.ai.budgetPerOrganisation),
      },
      authors: docs
        .filter((d) => d.scope === 'author')
        .sort((a, b) => b.costUnits - a.costUnits)
        .map((d) => ({ authorId: d.ownerId, ...strip(d), ...line(d.costUnits, this.config.ai.budgetPerAuthor) })),
    };
  }
}
