/** Administration: reports and queues (issue 13; being built). */
export {};
