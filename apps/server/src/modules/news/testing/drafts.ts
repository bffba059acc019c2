import type { NewsDraft } from '@tapeline/core';
import type { TestApp } from '../../../test/testApp.ts';
import { prepareArticle } from '../ingest/prepareArticle.ts';
import { createNewsRepository, type InsertOutcome } from '../store/repository.ts';

// Drafts for the news tests: a valid one with every field, varied by what a test cares about.

let sequence = 0;

export const T0 = Date.parse('2026-11-20T14:30:00.000Z');

export function draft(overrides: Partial<NewsDraft> = {}): NewsDraft {
  sequence += 1;
  return {
    source: 'rss',
    sourceId: `item-${sequence}`,
    publisher: 'Example Wire',
    kind: 'news',
    title: `Story number ${sequence} about the market today`,
    description: 'A description.',
    url: `https://wire.example.com/story/${sequence}`,
    imageUrl: null,
    symbols: ['ACMB'],
    bodyHtml: '<p>Body</p>',
    linkToFilingDetails: null,
    form: null,
    publishedAt: T0,
    updatedAt: null,
    ...overrides,
  };
}

/** Stores drafts as the ingest does (prepare, insert), answering each outcome's kind. */
export async function store(app: TestApp, ...drafts: NewsDraft[]): Promise<InsertOutcome['kind'][]> {
  const news = createNewsRepository(app.ctx.database.db);
  const kinds: InsertOutcome['kind'][] = [];
  for (const d of drafts) {
    const prepared = prepareArticle(d);
    if (!prepared) throw new Error(`draft ${d.sourceId} has nothing to store`);
    kinds.push((await news.insert(prepared)).kind);
  }
  return kinds;
}
