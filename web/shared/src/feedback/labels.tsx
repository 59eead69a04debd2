import { type ReactNode, createContext, useContext } from 'react';

/** The few words the feedback components say, given by each app in its own language. */
export interface FeedbackLabels {
  loading: string;
  retry: string;
  close: string;
}

const ENGLISH: FeedbackLabels = { loading: 'Loading…', retry: 'Retry', close: 'Close' };
const FeedbackLabelsContext = createContext<FeedbackLabels>(ENGLISH);

export function FeedbackLabelsProvider({ labels, children }: { labels: FeedbackLabels; children: ReactNode }) {
  return <FeedbackLabelsContext.Provider value={labels}>{children}</FeedbackLabelsContext.Provider>;
}

export function useFeedbackLabels(): FeedbackLabels {
  return useContext(FeedbackLabelsContext);
}
