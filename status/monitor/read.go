package monitor

import (
	"strconv"
	"strings"

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
	plain(tmux.TagCreatedAt), "#{pane_dead_status}",
	cleanFmt("session_name"),
}

// readArgs is the monitor's one read per poll.
func readArgs() []string {
	return []string{"list-panes", "-a", "-F", strings.Join(rowFields, fieldSep) + recordSep}
}

// paneRow is one session as a poll sees it (its active pane).
type paneRow struct {
	sessionID, paneID, name string
	dead                    bool
	exitCode                int // pane_dead_status; -1 while alive or unknown
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
			reported: f[15], kindRep: f[16], app: f[17], reportedAtMs: num(f[18]), message: f[19], createdSec: num(f[20]), name: f[22],
			exitCode: -1,
		}
		if r.dead && f[21] != "" {
			r.exitCode = int(num(f[21]))
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

func num(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
