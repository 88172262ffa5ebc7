// Package health checks what amux's supervision depends on and says, for
// each problem, what to do about it in one line: tmux itself, the scan
// owner and its lease, the status taps, agents stuck on a screen shown
// before their session starts, launch payloads nobody consumed, and the
// registries and rule files amux reads. The Health overlay shows Check's
// findings; the start-up check shows Summary's one notice.
package health

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"amux.dev/amux/config/procid"
	"amux.dev/amux/status"
	"amux.dev/amux/status/agentstate"
	"amux.dev/amux/status/monitor"
	"amux.dev/amux/tmux"
)

// Level grades a finding.
type Level int

// Levels, least urgent first.
const (
	OK Level = iota
	Warn
	Fail
)

// String is the level's word.
func (l Level) String() string {
	return [...]string{"ok", "warn", "fail"}[l]
}

// Finding is one check's result.
type Finding struct {
	Check  string // what was checked ("tmux", "scan owner", …)
	Level  Level
	Detail string // what was found, one line
	Fix    string // what to do, one line ("" when OK)
}

// GateAfter is how long an agent may sit on a pre-session screen before it
// counts as stuck.
const GateAfter = time.Minute

// Registry is a file amux reads that must be a JSON object.
type Registry struct {
	Name string // how the person knows it ("project-env.json")
	Path string
}

// Inputs is what the checks look at.
type Inputs struct {
	Tmux *tmux.Client
	// Sessions is the monitor's latest view (nil: not known yet).
	Sessions map[string]monitor.SessionState
	Now      time.Time
	// LaunchTmpDir is where pane launch payloads go ("": os.TempDir()).
	LaunchTmpDir string
	Registries   []Registry
	// RuleErrs are the screen rule files' problems (screenrules.Live.Errs).
	RuleErrs []error
	// GateAfter is how long an agent may sit on a pre-session screen before
	// it counts as stuck (zero: GateAfter).
	GateAfter time.Duration
}

// Check runs every check. Findings come in a fixed order, one per check
// that found nothing wrong and one per problem otherwise.
func Check(ctx context.Context, in Inputs) []Finding {
	if in.Now.IsZero() {
		in.Now = time.Now()
	}
	var out []Finding
	out = append(out, checkTmux(ctx, in)...)
	out = append(out, checkOwner(ctx, in)...)
	out = append(out, checkTaps(in)...)
	out = append(out, checkGates(in)...)
	out = append(out, checkPayloads(in)...)
	out = append(out, checkRegistries(in)...)
	return out
}

// Summary is the start-up notice: "" when all is well, else one line
// naming the worst problem and how many there are.
func Summary(fs []Finding) string {
	var bad []Finding
	for _, f := range fs {
		if f.Level > OK {
			bad = append(bad, f)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	sort.SliceStable(bad, func(i, j int) bool { return bad[i].Level > bad[j].Level })
	s := "health: " + bad[0].Check + ": " + bad[0].Detail
	if len(bad) > 1 {
		s += " (+" + strconv.Itoa(len(bad)-1) + " more in Health)"
	}
	return s
}

func ok(check, detail string) Finding { return Finding{Check: check, Level: OK, Detail: detail} }

func checkTmux(ctx context.Context, in Inputs) []Finding {
	if in.Tmux == nil {
		return []Finding{{Check: "tmux", Level: Fail, Detail: "no tmux server configured", Fix: "install tmux 3.2 or newer and restart amux"}}
	}
	v, err := in.Tmux.CheckVersion(ctx)
	if err != nil {
		return []Finding{{Check: "tmux", Level: Fail, Detail: err.Error(), Fix: "install tmux " + tmux.MinVersion().String() + " or newer and restart amux"}}
	}
	out, err := in.Tmux.Run(ctx, "display-message", "-p", "#{pid}")
	switch {
	case tmux.IsNoServer(err):
		return []Finding{ok("tmux", "version "+v.String()+"; "+in.Tmux.Server().String()+" not started yet (no sessions)")}
	case err != nil:
		return []Finding{{Check: "tmux", Level: Fail, Detail: in.Tmux.Server().String() + " does not answer: " + err.Error(),
			Fix: "check the socket and $AMUX_TMUX_SERVER; kill a wedged server with tmux -L <name> kill-server"}}
	}
	return []Finding{ok("tmux", "version "+v.String()+"; "+in.Tmux.Server().String()+" (pid "+strings.TrimSpace(out)+") answers")}
}

// checkOwner reads the global lease keys: who publishes the states, and
// whether its lease is current.
func checkOwner(ctx context.Context, in Inputs) []Finding {
	if in.Tmux == nil || len(in.Sessions) == 0 {
		return nil
	}
	out, err := in.Tmux.Run(ctx, "display-message", "-p",
		"#{"+tmux.TagSessionOwner+"}|#{"+tmux.TagSessionLeaseMs+"}|#{"+tmux.TagOwnerHeartbeatMs+"}")
	if err != nil {
		return []Finding{{Check: "scan owner", Level: Warn, Detail: "cannot read the lease: " + err.Error(), Fix: "see the tmux check above"}}
	}
	f := strings.SplitN(strings.TrimSpace(out), "|", 3)
	for len(f) < 3 {
		f = append(f, "")
	}
	owner := f[0]
	lease, _ := strconv.ParseInt(f[1], 10, 64)
	beat, _ := strconv.ParseInt(f[2], 10, 64)
	now := in.Now.UnixMilli()
	if owner == "" || lease < now {
		return []Finding{{Check: "scan owner", Level: Warn, Detail: "no amux holds the lease: agent states are not published",
			Fix: "keep one amux running on this server; another takes over as soon as the last one quits or dies (within " +
				monitor.LeaseTTL.String() + " if it hangs)"}}
	}
	age := time.Duration(now-beat) * time.Millisecond
	return []Finding{ok("scan owner", owner+", lease renewed "+age.Round(time.Second).String()+" ago")}
}

// TapsToRepair are the sessions whose status tap is missing or died: their
// reports are not read until a new tap is installed (the Health overlay's
// repair key does that, without touching the program).
func TapsToRepair(sessions map[string]monitor.SessionState) []string {
	var out []string
	for _, name := range sortedNames(sessions) {
		if tapProblem(sessions[name]) != "" {
			out = append(out, name)
		}
	}
	return out
}

// tapProblem says what is wrong with a session's tap ("" when nothing).
func tapProblem(st monitor.SessionState) string {
	if st.Source == agentstate.SourceExit {
		return "" // a pane whose program exited has nothing to tap
	}
	switch pid, token, announced := status.ParseTapIdentity(st.TapIdentity); {
	case !announced && !st.Pipe:
		return "has no status tap: its reports are not read"
	case announced && (!st.Pipe || !procid.Alive(pid, token)):
		return "its status tap (pid " + strconv.Itoa(pid) + ") died"
	}
	return ""
}

// RepairFix is the one-line fix of a tap finding.
const RepairFix = "press t here to start a new tap (the program keeps running)"

// checkTaps finds panes with no tap, and taps that announced themselves
// but are gone.
func checkTaps(in Inputs) []Finding {
	if in.Sessions == nil {
		return nil
	}
	var out []Finding
	n := 0
	for _, name := range sortedNames(in.Sessions) {
		st := in.Sessions[name]
		if st.Source == agentstate.SourceExit {
			continue
		}
		n++
		if why := tapProblem(st); why != "" {
			sep := " "
			if strings.HasPrefix(why, "its ") {
				sep = ": "
			}
			out = append(out, Finding{Check: "status tap", Level: Warn, Detail: name + sep + why, Fix: RepairFix})
		}
	}
	if len(out) == 0 && n > 0 {
		out = append(out, ok("status tap", strconv.Itoa(n)+" sessions tapped"))
	}
	return out
}

// checkGates finds agents waiting on a pre-session screen for too long.
func checkGates(in Inputs) []Finding {
	after := in.GateAfter
	if after <= 0 {
		after = GateAfter
	}
	var out []Finding
	for _, name := range sortedNames(in.Sessions) {
		st := in.Sessions[name]
		if st.GatedSince.IsZero() || in.Now.Sub(st.GatedSince) < after {
			continue
		}
		what := st.Message
		if what == "" {
			what = st.Detail
		}
		out = append(out, Finding{Check: "stuck agent", Level: Warn,
			Detail: fmt.Sprintf("%s has waited %s on a screen before its session: %s", name, in.Now.Sub(st.GatedSince).Round(time.Second), what),
			Fix:    "open the tab and answer it (folder trust, first-run setup or an update offer)"})
	}
	return out
}

// checkPayloads counts launch payloads past their budget: a pane that
// never started left them (they hold environment values).
func checkPayloads(in Inputs) []Finding {
	dir := in.LaunchTmpDir
	if dir == "" {
		dir = os.TempDir()
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var stale []string
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), tmux.LaunchDirPrefix) {
			continue
		}
		if info, err := e.Info(); err == nil && in.Now.Sub(info.ModTime()) > tmux.LaunchTTL {
			stale = append(stale, filepath.Join(dir, e.Name()))
		}
	}
	if len(stale) == 0 {
		return []Finding{ok("launch payloads", "none left over")}
	}
	return []Finding{{Check: "launch payloads", Level: Warn,
		Detail: strconv.Itoa(len(stale)) + " stale launch payload(s) in " + dir + " (a pane that never started)",
		Fix:    "safe to delete (rm -r " + dir + "/" + tmux.LaunchDirPrefix + "*); the next start sweeps them"}}
}
