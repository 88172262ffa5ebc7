package app

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/safetext"
)

// The notify command (config.json's "notify", Settings' Notifications) is
// how a person hears of a blocked, done or error tab wherever they are: amux
// runs the configured argv — never through a shell — with the event in its
// environment, beside the desktop notification (notify.go). It runs in a
// command off the update loop with a deadline, in its own process group
// (killed whole at the deadline), its output kept only to log a failure.
// Edges are rate-limited per session (and state: blocked then done is two
// events worth telling) and overall, so a flapping agent cannot fork a
// process per poll.
const (
	notifyTimeout    = 10 * time.Second
	notifyOutputCap  = 2048
	notifySessionGap = 10 * time.Second // at most one run per session and state this often
	notifyWindow     = time.Minute      // and at most notifyWindowMax runs in any window
	notifyWindowMax  = 10
)

// notifyLimiter is the notify command's rate limit: it is the supervision
// owner's, and only its Update touches it.
type notifyLimiter struct {
	last   map[string]time.Time // by session and state: the last run
	recent []time.Time          // runs within the last notifyWindow
}

// allow says whether a run for key (a session and state) may go at now,
// and counts it.
func (l *notifyLimiter) allow(key string, now time.Time) bool {
	if t, ok := l.last[key]; ok && now.Sub(t) < notifySessionGap {
		return false
	}
	keep := l.recent[:0]
	for _, t := range l.recent {
		if now.Sub(t) < notifyWindow {
			keep = append(keep, t)
		}
	}
	l.recent = keep
	if len(l.recent) >= notifyWindowMax {
		return false
	}
	if l.last == nil {
		l.last = map[string]time.Time{}
	}
	l.last[key] = now
	l.recent = append(l.recent, now)
	return true
}

// notifyEnv is the event in the command's environment.
func notifyEnv(wsID string, t *tab, sc watchScene, now time.Time) []string {
	st := t.state
	reason := st.Message
	if reason == "" && st.HasExit {
		reason = "exit " + strconv.Itoa(st.Exit)
	}
	project := ""
	if repo := sc.repo(wsID); repo != "" {
		project = safetext.Line(filepath.Base(repo))
	}
	return []string{
		"AMUX_NOTIFY_WORKSPACE=" + sc.name(wsID),
		"AMUX_NOTIFY_WORKSPACE_ID=" + wsID,
		"AMUX_NOTIFY_PROJECT=" + project,
		"AMUX_NOTIFY_TAB=" + t.label(),
		"AMUX_NOTIFY_SESSION=" + t.session,
		"AMUX_NOTIFY_ASSISTANT=" + safetext.Line(t.assistant),
		"AMUX_NOTIFY_STATE=" + string(st.State),
		"AMUX_NOTIFY_KIND=" + st.Kind,
		"AMUX_NOTIFY_REASON=" + reason,
		"AMUX_NOTIFY_TEXT=" + stateLine(st), // the same words as the desktop notification's body
		"AMUX_NOTIFY_TIME=" + now.UTC().Format(time.RFC3339),
	}
}

// notifyCommand runs the notify command for a tab that just turned to its
// state, if the config asks for that state and the rate limit lets it.
func (o *superviseOwner) notifyCommand(wsID string, t *tab, sc watchScene, now time.Time) tea.Cmd {
	n := sc.cfg.Notify
	if !n.Runs(string(t.state.State)) {
		return nil
	}
	log, state, session := o.d.log, string(t.state.State), t.session
	if !o.notifyLimit.allow(t.session+" "+state, now) {
		return func() tea.Msg {
			if log != nil {
				log.Warn("notify command skipped: rate limit", "session", session, "state", state)
			}
			return nil
		}
	}
	argv, env := append([]string(nil), n.Command...), notifyEnv(wsID, t, sc, now)
	return func() tea.Msg {
		runNotify(argv, env, notifyTimeout, log, session, state)
		return nil
	}
}

// runNotify runs argv with env added to amux's environment, within
// timeout, and logs a failure with the start of its output.
func runNotify(argv, env []string, timeout time.Duration, log *slog.Logger, session, state string) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	out := &cappedBuffer{max: notifyOutputCap}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if err != nil && log != nil {
		log.Warn("notify command failed", "command", argv[0], "session", session, "state", state,
			"err", err.Error(), "output", string(out.b))
	}
}

// cappedBuffer keeps the first max bytes written to it and drops the rest.
type cappedBuffer struct {
	b   []byte
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := c.max - len(c.b); room > 0 {
		c.b = append(c.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}
