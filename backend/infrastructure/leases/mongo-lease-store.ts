import { type Collection, MongoClient, MongoServerError } from 'mongodb';
import type { Held, Lease, LeaseStore } from './lease-store.port';

/** The collection of the leases, beside the read models they fence (MongoReadStore.fence). */
export const MONGO_LEASES = '_leases';

interface LeaseDocument {
  _id: string;
  owner: string;
  expiresAt: number;
  token: number;
}

/**
 * Leases in MongoDB (`_leases`): one findOneAndUpdate that matches only a free, expired or own
 * lease, upserting when there is none; a duplicate key on the upsert means another owner holds it.
 * Expiries are the processes' clocks: keep them in sync (NTP) and the TTL well above their drift.
 */
export class MongoLeaseStore implements LeaseStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly leases: Collection<LeaseDocument>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoLeaseStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoLeaseStore(client, client.db(dbName).collection<LeaseDocument>(MONGO_LEASES));
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<Held | null> {
    const now = Date.now();
    const renewed = await this.leases.findOneAndUpdate(
      { _id: name, owner, expiresAt: { $gt: now } },
      { $set: { expiresAt: now + ttlMs } },
      { returnDocument: 'after' },
    );
    if (renewed) return { token: renewed.token, taken: false };
    try {
      const taken = await this.leases.findOneAndUpdate(
        { _id: name, expiresAt: { $lte: now } },
        { $set: { owner, expiresAt: now + ttlMs }, $inc: { token: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      return taken?.owner === owner ? { token: taken.token, taken: true } : null;
    } catch (error) {
      // The filter missed a lease held by another owner, and the upsert collided with it.
      if (error instanceof MongoServerError && error.code === 11000) return null;
      throw error;
    }
  }

  async release(name: string, owner: string): Promise<void> {
    // Expired, not deleted: the token keeps growing across terms.
    await this.leases.updateOne({ _id: name, owner }, { $set: { expiresAt: 0 } });
  }

  async holder(name: string): Promise<Lease | null> {
    const doc = await this.leases.findOne({ _id: name });
    return doc ? { name, owner: doc.owner, expiresAt: doc.expiresAt, token: doc.token } : null;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
