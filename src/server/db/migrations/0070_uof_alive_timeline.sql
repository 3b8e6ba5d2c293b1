-- The WAL timeline an odds producer's last alive was recorded on. A standby promoted in a failover keeps
-- its own start time (pg_postmaster_start_time, which was all the restart check read) but begins a new
-- timeline: the odds batches the old primary committed without waiting for the standby may be lost,
-- and the producer recovers them (producers.ts). NULL until the next alive.
ALTER TABLE "sb_uof_producers" ADD COLUMN "last_alive_timeline" integer;
