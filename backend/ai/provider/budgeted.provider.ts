import type { AiProvider, Completion, CompletionRequest } from './ai-provider.port';

/** Refuses (throws) when the author's or the organisation's budget is spent; otherwise returns. */
export type BudgetCheck = (authorId: string) => Promise<void>;

/** Every provider call checks the budget first: past 100 % nothing is sent to the provider. */
export class BudgetedProvider implements AiProvider {
  constructor(
    private readonly inner: AiProvider,
    private readonly check: BudgetCheck,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  get model(): string {
    return this.inner.model;
  }

  async complete<T>(request: CompletionRequest): Promise<Completion<T>> {
    await this.check(request.authorId);
    return this.inner.complete<T>(request);
  }
}
