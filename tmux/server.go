// Package tmux is amux's only door to tmux: server resolution, the command
// runner, session names, tags, discovery, exact targets, input and ownership.
//
// Everything here follows orchestration-contract.md. The session-name grammar
// and the tag keys are a public seam pinned by session_contract_test.go.
package tmux

import (
	"strings"
)

// Environment variables that choose amux's tmux server and config file.
const (
	EnvServer = "AMUX_TMUX_SERVER"
	EnvConfig = "AMUX_TMUX_CONFIG"
)

// Defaults used when the environment names no server or config.
const (
	DefaultServerName = "amux"
	DefaultConfigPath = "/dev/null"
)

// Server identifies one tmux server. Socket, when set, wins over Name: it is
// what a pane learns from $TMUX, which carries a socket path, not a name.
type Server struct {
	Name   string // -L socket name
	Socket string // -S socket path
	Config string // -f config file, read only when the server starts
}

// ResolveServer applies the contract's resolution rules to an environment
// lookup: $AMUX_TMUX_SERVER (else "amux") and $AMUX_TMUX_CONFIG (else
// /dev/null). It is pure so callers and tests can pass any environment.
func ResolveServer(getenv func(string) string) Server {
	return ResolveConfiguredServer(getenv, "", "")
}

// ResolveConfiguredServer is ResolveServer with the config file's choices
// (config.json's ui.tmux_server and ui.tmux_config; "" for none) between the
// environment, which wins, and the defaults.
func ResolveConfiguredServer(getenv func(string) string, name, config string) Server {
	pick := func(env, configured, def string) string {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			return v
		}
		if v := strings.TrimSpace(configured); v != "" {
			return v
		}
		return def
	}
	return Server{Name: pick(EnvServer, name, DefaultServerName), Config: pick(EnvConfig, config, DefaultConfigPath)}
}

// ResolveServerInPane is ResolveServer for code running inside a tmux pane:
// the server is the one in $TMUX ("socket,pid,session"), so `amux report`
// and `amux wait` reach the server hosting them whatever the other variables
// say. Outside a pane it falls back to ResolveServer.
func ResolveServerInPane(getenv func(string) string) Server {
	s := ResolveServer(getenv)
	if sock := socketFromTMUX(getenv("TMUX")); sock != "" {
		s.Socket = sock
		s.Name = ""
	}
	return s
}

// socketFromTMUX extracts the socket path from a $TMUX value. The path may
// itself contain commas, so the pid and session index are cut from the right.
func socketFromTMUX(v string) string {
	if v == "" {
		return ""
	}
	for range 2 {
		i := strings.LastIndexByte(v, ',')
		if i < 0 {
			break
		}
		v = v[:i]
	}
	return v
}

// GlobalArgs returns the flags that select this server, to precede a command.
func (s Server) GlobalArgs() []string {
	var args []string
	switch {
	case s.Socket != "":
		args = append(args, "-S", s.Socket)
	case s.Name != "":
		args = append(args, "-L", s.Name)
	}
	if s.Config != "" {
		args = append(args, "-f", s.Config)
	}
	return args
}

// Env returns the environment assignments that make a child amux process
// resolve this same server.
func (s Server) Env() []string {
	var env []string
	if s.Name != "" {
		env = append(env, EnvServer+"="+s.Name)
	}
	if s.Config != "" {
		env = append(env, EnvConfig+"="+s.Config)
	}
	return env
}

// String names the server for messages.
func (s Server) String() string {
	if s.Socket != "" {
		return "socket " + s.Socket
	}
	return "server " + s.Name
}
