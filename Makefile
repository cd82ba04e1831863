PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
SWIFT ?= swift
# Where the binaries that `make install` copies, and `make demo` runs, were built.
BUILDDIR ?= .build/release

BINDIR = $(DESTDIR)$(PREFIX)/bin
UNITDIR = $(DESTDIR)$(PREFIX)/lib/systemd/system
USERUNITDIR = $(DESTDIR)$(PREFIX)/lib/systemd/user
DOCDIR = $(DESTDIR)$(PREFIX)/share/doc/tickerd
MANDIR = $(DESTDIR)$(PREFIX)/share/man
# Files the units refer to: the network drop-in (docs/SERVICE.md).
SHAREDIR = $(DESTDIR)$(PREFIX)/share/tickerd
CONFDIR = $(DESTDIR)$(SYSCONFDIR)/tickerd

.PHONY: demo test build release bench firmware pictures install uninstall clean

# Plays the built-in demo track on a panel drawn in this terminal (Ctrl-C ends it). The demo runs as a job of
# its own (`set -m`), the terminal's foreground, so Ctrl-C reaches only the demo, which stops cleanly: make,
# interrupted too, would race it to reap it ("wait: No child processes"). A stopped job would be left behind
# when make ends, so Ctrl-Z is ignored.
demo:
	@scripts/deps.sh build
	@$(SWIFT) build -c release --product tickerd
	@set -m; trap '' TSTP; $(BUILDDIR)/tickerd --demo

# Everything CI runs: build with warnings as errors, all tests, sanitizers.
test:
	@scripts/gate

build:
	@scripts/deps.sh build
	$(SWIFT) build

release:
	@scripts/deps.sh build
	$(SWIFT) build -c release --product tickerd
	$(SWIFT) build -c release --product tickerctl

# Prints the figures docs/FIGURES.md quotes.
bench:
	@scripts/deps.sh build
	$(SWIFT) build -c release
	.build/release/tickerbench
	.build/release/tickerbench daemon

# Draws the animated GIFs README.md shows (docs/pictures/) with the release tickerctl, and the web page's
# screenshot with headless Chromium.
pictures:
	@scripts/deps.sh build
	$(SWIFT) build -c release --product tickerctl
	$(SWIFT) build -c release --product tickerd
	scripts/pictures

# Builds every firmware image and prints their sizes.
firmware:
	@$(MAKE) -C Firmware

# Binaries, units (the plain ones and the templates for several panels), the network drop-in, configuration
# (kept if present), documentation and man pages, in the usual places.
# Run `make release` first (as yourself); `sudo make install` then only copies files.
install:
	@test -x $(BUILDDIR)/tickerd -a -x $(BUILDDIR)/tickerctl || \
		{ echo "build first: make release" >&2; exit 1; }
	install -d $(BINDIR) $(UNITDIR) $(USERUNITDIR) $(DOCDIR) $(MANDIR)/man1 $(MANDIR)/man5 \
		$(MANDIR)/man8 $(CONFDIR) $(SHAREDIR)
	install -m 0755 $(BUILDDIR)/tickerd $(BUILDDIR)/tickerctl $(BINDIR)/
	install -m 0644 systemd/tickerd.service systemd/tickerd.socket systemd/tickerd@.service \
		systemd/tickerd@.socket systemd/tickerd-follow-mpd.service systemd/tickerd-follow-shairport.service \
		systemd/tickerd-follow-lms.service systemd/tickerd-follow-mqtt.service \
		systemd/tickerd-follow-mqtt@.service systemd/tickerd-icons.service systemd/tickerd-web.service \
		systemd/tickerd-web@.service $(UNITDIR)/
	install -m 0644 systemd/network.conf systemd/spi.conf $(SHAREDIR)/
	install -m 0644 systemd/tickerd-follow-mpris.service $(USERUNITDIR)/
	install -m 0644 README.md docs/*.md systemd/99-tickerd.rules $(DOCDIR)/
	install -m 0644 docs/man/tickerctl.1 $(MANDIR)/man1/
	install -m 0644 docs/man/tickerd.conf.5 $(MANDIR)/man5/
	install -m 0644 docs/man/tickerd.8 $(MANDIR)/man8/
	@if [ -e $(CONFDIR)/tickerd.conf ]; then \
		echo "keeping $(CONFDIR)/tickerd.conf; the shipped one is $(DOCDIR)/tickerd.conf"; \
		install -m 0644 Config/tickerd.conf $(DOCDIR)/; \
	else install -m 0644 Config/tickerd.conf $(CONFDIR)/; fi
	@if [ -z "$(DESTDIR)" ]; then \
		getent group tickerd >/dev/null || groupadd --system tickerd; \
		if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
		echo "installed; start with: systemctl enable --now tickerd.socket tickerd.service"; \
		echo "(or, one per panel: systemctl enable --now tickerd@NAME.socket tickerd@NAME.service)"; \
	fi

# Stops and disables every unit first, each panel's instances too (`disable` of a template disables them all;
# `stop` takes the running ones by pattern). Drop-ins under /etc/systemd/system are the administrator's and stay.
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then \
		systemctl stop 'tickerd@*.service' 'tickerd@*.socket' 'tickerd-follow-mqtt@*.service' \
			'tickerd-web@*.service' 2>/dev/null || true; \
		systemctl disable tickerd@.service tickerd@.socket tickerd-follow-mqtt@.service tickerd-web@.service \
			2>/dev/null || true; \
		systemctl disable --now tickerd.service tickerd.socket tickerd-icons.service tickerd-follow-mpd.service \
			tickerd-follow-shairport.service tickerd-follow-lms.service tickerd-follow-mqtt.service \
			tickerd-web.service 2>/dev/null || true; \
	fi
	rm -f $(BINDIR)/tickerd $(BINDIR)/tickerctl
	rm -f $(UNITDIR)/tickerd.service $(UNITDIR)/tickerd.socket $(UNITDIR)/tickerd@.service \
		$(UNITDIR)/tickerd@.socket $(UNITDIR)/tickerd-follow-mpd.service \
		$(UNITDIR)/tickerd-follow-shairport.service $(UNITDIR)/tickerd-follow-lms.service \
		$(UNITDIR)/tickerd-follow-mqtt.service $(UNITDIR)/tickerd-follow-mqtt@.service \
		$(UNITDIR)/tickerd-icons.service $(UNITDIR)/tickerd-web.service $(UNITDIR)/tickerd-web@.service \
		$(USERUNITDIR)/tickerd-follow-mpris.service
	rm -rf $(DOCDIR) $(SHAREDIR)
	rm -f $(MANDIR)/man1/tickerctl.1 $(MANDIR)/man5/tickerd.conf.5 $(MANDIR)/man8/tickerd.8
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo "left $(CONFDIR) and the tickerd group in place"

clean:
	rm -rf .build
