package status

import (
	"strings"

	"amux.dev/amux/tmux"
)

// PaneState is one pane's published status, as `amux wait` reads it from
// tmux in one list-panes call or one subscription value.
type PaneState struct {
	PaneID        string
	SessionID     string
	Session       string
	Workspace     string // @amux_workspace
	WorkspaceName string // @amux_workspace_name
	Dead          bool   // #{pane_dead}: the process exited (remain-on-exit)
	State         State
	Kind          Kind
	App           string
	Message       string
	At            string // Unix ms, as stored
	CommandState  string
	CommandExit   string
	CommandEnded  string // Unix ms, as stored
	// The session's published state (amux wait --published): the
	// monitor's @amux_agent_state — screen rules, activity and reports
	// merged — its @amux_agent_reason, and the @amux_assistant it runs.
	Published       State
	PublishedReason string
	Assistant       string
}

// Field and record separators for pane formats. Every field that anyone can
// set is passed through tmux's s/// modifier to replace control bytes, so a
// hostile option value cannot forge a separator or break the line.
const (
	fieldSep  = "\x1f"
	recordSep = "\x1e"
)

// clean wraps a format variable so control bytes in its value become "_".
func clean(name string) string {
	return "#{s/[\x01-\x1f\x7f]/_/:" + name + "}"
}

// paneRecord is the per-pane format: fixed fields first, each cleaned.
func paneRecord() string {
	fields := []string{
		"#{pane_id}", "#{session_id}", "#{pane_dead}",
		clean(tmux.TagWorkspace), clean(tmux.TagWorkspaceName),
		clean(tmux.PaneReportedState), clean(tmux.PaneReportedKind), clean(tmux.PaneReportedApp),
		clean(tmux.PaneReportedAt), clean(tmux.PaneCommandState), clean(tmux.PaneCommandExit),
		clean(tmux.PaneCommandEndedAt), clean("session_name"), clean(tmux.PaneReportedMessage),
		clean(tmux.TagAgentState), clean(tmux.TagAgentReason), clean(tmux.TagAssistant),
	}
	return strings.Join(fields, fieldSep) + recordSep
}

const paneFields = 17

// ListPanesArgs is the tmux command that reads every pane's state.
func ListPanesArgs() []string {
	return []string{"list-panes", "-a", "-F", paneRecord()}
}

// SubscriptionFormat is the same read as ListPanesArgs as one format over
// every session, window and pane, for a control-mode subscription.
func SubscriptionFormat() string {
	return "#{S:#{W:#{P:" + paneRecord() + "}}}"
}

// ParsePanes parses the output of ListPanesArgs or a SubscriptionFormat
// value. Records that do not have every field are skipped; a pane listed
// twice (a window linked into two sessions) is kept once.
func ParsePanes(out string) []PaneState {
	var panes []PaneState
	seen := make(map[string]bool)
	for rec := range strings.SplitSeq(out, recordSep) {
		rec = strings.TrimPrefix(rec, "\n")
		if rec == "" {
			continue
		}
		f := strings.Split(rec, fieldSep)
		if len(f) != paneFields || !validPaneID(f[0]) || seen[f[0]] || f[12] == tmux.ControlSession {
			continue // the control session hosts nothing to wait for
		}
		seen[f[0]] = true
		panes = append(panes, PaneState{
			PaneID: f[0], SessionID: f[1], Dead: f[2] == "1",
			Workspace: f[3], WorkspaceName: f[4],
			State: State(f[5]), Kind: Kind(f[6]), App: f[7], At: f[8],
			CommandState: f[9], CommandExit: f[10], CommandEnded: f[11],
			Session: f[12], Message: f[13],
			Published: State(f[14]), PublishedReason: f[15], Assistant: f[16],
		})
	}
	return panes
}

// publishedView is p with its published state in the report's place, for
// a wait that matches what amux publishes rather than what the pane
// reported: the state, its reason as the message, the assistant as the
// app.
func (p PaneState) publishedView() PaneState {
	p.State, p.Kind, p.App, p.Message, p.At = p.Published, "", p.Assistant, p.PublishedReason, ""
	return p
}

// Reportable reports whether p holds a state a waiter may act on: a known
// stored state, and never a working or blocked report whose process has
// exited (transient states die with their process).
func (p PaneState) Reportable() bool {
	if p.State == StateClear || !p.State.Valid() {
		return false
	}
	return !(p.State.Transient() && p.Dead)
}
