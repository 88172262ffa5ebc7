// Package ports is amux's durable port registry: it hands every workspace the
// port interval exported to its panes as AMUX_PORT / AMUX_PORT_RANGE, and
// remembers it in <state home>/port-reservations.json so that re-spawns,
// restarts and concurrent amux instances all read the same committed interval.
//
// The contract it implements is "Port reservations (durable registry)" and
// "First-upgrade adoption" in the orchestration contract. In short:
//
//   - Reservations are keyed by the workspace's persisted ID and never move:
//     an interval minted under earlier settings keeps its original bounds.
//   - New intervals are the lowest free run of Settings.Size ports inside
//     [Settings.Start, Settings.End] that overlaps nothing already on file.
//   - Nothing is reclaimed automatically. The only deletion of a durable
//     reservation is ReleaseOrphans, driven by a user-confirmed count.
//   - Bytes the registry cannot fully trust (malformed JSON, overlapping
//     intervals, duplicate owners, a newer schema version) are never
//     rewritten; every call returns a *CorruptError naming the problem.
//   - Workspaces without a persisted ID get transient holds keyed
//     transient-<pid>-<rootHash>, which are swept once their process is dead.
//   - While the file is missing, a caller-supplied AdoptionProbe decides
//     whether the file may be created or allocation must stay in memory.
//
// The package knows nothing about tmux, config.json or the workspace store:
// the state home, the settings and the two probes (adoption and live owners)
// are passed in by the caller. It imports only atomicfile.
//
// # File format (version 1)
//
//	{
//	  "version": 1,
//	  "reservations": [
//	    {
//	      "owner": "1a2b3c4d5e6f7081",
//	      "start": 6200,
//	      "size": 10,
//	      "created": "2026-01-02T03:04:05Z",
//	      "settings": {"start": 6200, "end": 6999, "size": 10}
//	    },
//	    {
//	      "owner": "transient-4242-9f8e7d6c5b4a3921",
//	      "start": 6210,
//	      "size": 10,
//	      "created": "2026-01-02T03:04:06Z",
//	      "settings": {"start": 6200, "end": 6999, "size": 10},
//	      "pid_token": "<boot id>:<process start ticks>"
//	    }
//	  ]
//	}
//
// Unknown keys are treated as malformed rather than dropped: a rewrite would
// lose them, and the registry never silently discards bytes it cannot read.
//
// # config.json keys
//
// The config package parses these and passes a Settings value in; they shape
// new reservations only:
//
//	{"ports": {"start": 6200, "end": 6999, "size": 10}}
//
// # Environment
//
// AMUX_PORT is the first port of the interval, in decimal. AMUX_PORT_RANGE is
// "<start>-<end>", both decimal and inclusive: a 10-port interval at 6200 is
// AMUX_PORT=6200 AMUX_PORT_RANGE=6200-6209. Reservation.Env formats both.
package ports
