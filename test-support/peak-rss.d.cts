/** This process's peak resident set size in KiB (VmHWM on Linux, else getrusage's maxRSS): see peak-rss.cjs. */
export declare function peakRssKiB(): number;
