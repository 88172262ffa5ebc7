package client

import (
	"fmt"

	"amux.dev/amux/tmux"
	"amux.dev/amux/workspace/remote/sshcmd"
)

// maxSessionName bounds a session name the client attaches to; amux's
// own are far shorter.
const maxSessionName = 200

// AttachCommand returns the argv a local PTY runs to show one of the
// host's sessions live, as a tab: ssh joins the host's existing master
// (ControlMaster=no: closing the tab never takes the connection along) with
// a terminal (-t, the PTY's size and resizes follow) and no escape
// character, and runs `exec tmux -L <server> attach-session -t =<session>`
// there. Input, paste, resize and Esc are the PTY's and tmux's as for a
// local tab.
//
// Both names come from the host, so both are checked before they become
// words of the host shell's command line (and quoted anyway): session must
// be an amux session name (tmux.IsAmuxName) of the name grammar — a–z,
// 0–9, '-' and '_' — and the server the host named in its hello a plain
// socket name. The "=" makes tmux match the name exactly, never as a
// prefix or pattern.
func (h *Host) AttachCommand(session string) ([]string, error) {
	c, err := h.live()
	if err != nil {
		return nil, err
	}
	if err := checkSessionName(session); err != nil {
		return nil, err
	}
	server := c.hello.Server
	if !plainWord(server, 64) {
		return nil, fmt.Errorf("remote host: %s named its tmux server %q, which is not a plain socket name", h.o.Dest, server)
	}
	o := h.o.ssh()
	if err := o.Check(); err != nil {
		return nil, err
	}
	remote := sshcmd.Command("exec", "tmux", "-L", server, "attach-session", "-t", "="+session)
	return append([]string{o.Program()}, o.MuxArgs(sshcmd.TTY, remote...)...), nil
}

// checkSessionName accepts only what amux names its sessions.
func checkSessionName(name string) error {
	if len(name) > maxSessionName || !tmux.IsAmuxName(name) {
		return fmt.Errorf("remote host: %q is not an amux session", name)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("remote host: the session name %q holds %q", name, c)
		}
	}
	return nil
}

// plainWord reports whether s is 1..max of letters, digits, '.', '_' and
// '-', not starting with '-' (a tmux -L socket name).
func plainWord(s string, max int) bool {
	if s == "" || len(s) > max || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
