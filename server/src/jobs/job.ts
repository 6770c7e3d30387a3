/** A background job of the server process: started once, stopped at shutdown. */
export interface Job {
  name: string;
  /** Stops the job: waits for the step under way and gives up whatever the job holds. */
  stop(): Promise<void>;
}
