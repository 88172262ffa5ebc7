package monitor

import (
	"strconv"
	"strings"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/tmux"
)

// The monitor reads everything it needs in ONE list-panes call: pane fields,
// the session's tags (pane formats resolve session options) and the server's
// lease options (which resolve through the global options). Free text (the
// reported message, the session name) passes through s/// so control bytes
// cannot forge a separator; tags amux writes are control-free already, and
// cleaning every field made tmux's side of a poll three times dearer.
const (
	fieldSep  = "\x1f"
	recordSep = "\x1e"
)

func cleanFmt(name string) string { return "#{s/[\x01-\x1f\x7f]/_/:" + name + "}" }

func plain(name string) string { return "#{" + name + "}" }

var rowFields = []string{
	"#{session_id}", "#{pane_id}", "#{pane_active}", "#{pane_dead}", "#{window_activity}",
	plain(tmux.TagManaged), plain(tmux.TagWorkspace), plain(tmux.TagTab), plain(tmux.TagType),
	plain(tmux.TagAssistant), plain(tmux.TagAgentState),
	plain(tmux.TagLastOutputAt), plain(tmux.TagLastInputAt),
	plain(tmux.TagSessionOwner), plain(tmux.TagSessionLeaseMs),
	plain(tmux.PaneReportedState), plain(tmux.PaneReportedKind), plain(tmux.PaneReportedApp),
	plain(tmux.PaneReportedAt), cleanFmt(tmux.PaneReportedMessage),
	plain(tmux.TagCreatedAt),
	"#{pane_dead_status}", "#{pane_dead_signal}", plain(tmux.TagExitStatus),
	plain(tmux.PaneCommandState), plain(tmux.PaneCommandExit),
	plain(tmux.PaneCommandStartedAt), plain(tmux.PaneCommandEndedAt),
	"#{pane_pipe}", plain(tmux.PaneTap), "#{pane_pid}", cleanFmt(tmux.TagAgentReason),
	cleanFmt("session_name"), // last: the test rows rely on it
}

// readArgs reads every pane (see changes.go for when).
func readArgs() []string {
	return []string{"list-panes", "-a", "-F", rowFormat()}
}

// sessionReadArgs reads the panes of one session ("$N").
func sessionReadArgs(id string) []string {
	return []string{"list-panes", "-s", "-t", id, "-F", rowFormat()}
}

func rowFormat() string { return strings.Join(rowFields, fieldSep) + recordSep }

// paneRow is one session as a poll sees it (its active pane).
type paneRow struct {
	sessionID, paneID, name string
	dead                    bool
	activitySec             int64
	managed                 bool
	workspace, tab, kind    string
	assistant, published    string
	outputMs, inputMs       int64
	owner                   string
	leaseMs                 int64
	reported, kindRep, app  string
	reportedAtMs            int64
	message                 string
	createdSec              int64
	exitStatus              int    // of a dead pane: its status, or 128+signal
	exitKnown               bool   // exitStatus is known (tmux, or the unreaped process, said)
	exitTag                 string // @amux_exit_status as published
	reasonTag               string // @amux_agent_reason as published
	cmdState, cmdExit       string // the shell's last command (OSC 133, from the tap)
	cmdStartedMs, cmdEndMs  int64
	pipe                    bool   // pane_pipe: the pane's output is piped (to the tap)
	tap                     string // @amux_tap: the tap that announced itself
}

// parseRows parses readArgs output, keeping the active pane of each
// session in amux's namespace.
func parseRows(out string) []paneRow {
	var rows []paneRow
	seen := map[string]int{}
	for rec := range strings.SplitSeq(out, recordSep) {
		rec = strings.TrimPrefix(rec, "\n")
		if rec == "" {
			continue
		}
		f := strings.Split(rec, fieldSep)
		if len(f) != len(rowFields) || !strings.HasPrefix(f[0], "$") || !strings.HasPrefix(f[1], "%") {
			continue
		}
		r := paneRow{
			sessionID: f[0], paneID: f[1], dead: f[3] == "1", activitySec: num(f[4]),
			managed: f[5] == "1", workspace: f[6], tab: f[7], kind: f[8], assistant: f[9], published: f[10],
			outputMs: num(f[11]), inputMs: num(f[12]), owner: f[13], leaseMs: num(f[14]),
			reported: f[15], kindRep: f[16], app: f[17], reportedAtMs: num(f[18]), message: f[19], createdSec: num(f[20]),
			exitTag:  f[23],
			cmdState: f[24], cmdExit: f[25], cmdStartedMs: num(f[26]), cmdEndMs: num(f[27]),
			pipe: f[28] == "1", tap: f[29], reasonTag: f[31], name: f[32],
		}
		if r.dead {
			r.exitStatus, r.exitKnown = deadStatus(f[21], f[22], int(num(f[30])))
		}
		if !tmux.IsAmuxName(r.name) && !r.managed {
			continue
		}
		if i, dup := seen[r.sessionID]; dup {
			if f[2] == "1" { // prefer the session's active pane
				rows[i] = r
			}
			continue
		}
		seen[r.sessionID] = len(rows)
		rows = append(rows, r)
	}
	return rows
}

// deadStatus is a dead pane's exit status as a shell reports it: the
// status, or 128+N for a program killed by signal N. tmux sometimes marks
// a pane dead before it has reaped the pane's process and then shows
// neither: the process, a zombie until reaped, still holds its status.
func deadStatus(status, signal string, pid int) (int, bool) {
	switch {
	case status != "":
		return int(num(status)), true
	case signal != "":
		return 128 + int(num(signal)), true
	}
	return procid.ZombieExit(pid)
}

func num(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
