/** Words an adult reads in a minute on screen, the figure most reading-time estimates use. */
export const wordsPerMinute = 200

/** "4 min read": at least one minute, to the nearest minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / wordsPerMinute))
}

export const readingTimeLabel = (words: number) => `${readingMinutes(words)} min read`
