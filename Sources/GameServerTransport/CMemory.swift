import Foundation
import GameServerCLibWebSockets

/// The C structures lws keeps pointers to for the context's whole life.
final class CMemory {
  private var strings: [UnsafeMutablePointer<CChar>] = []
  private var protocolTable: UnsafeMutablePointer<lws_protocols>?
  private var mount: UnsafeMutablePointer<lws_http_mount>?
  private var mimeTypes: UnsafeMutablePointer<lws_protocol_vhost_options>?
  private var routeMounts: [UnsafeMutablePointer<lws_http_mount>] = []

  func string(_ text: String) -> UnsafePointer<CChar> {
    let copy = strdup(text)!
    self.strings.append(copy)
    return UnsafePointer(copy)
  }

  /// One protocol that takes websockets and, for everything else, lws's HTTP file serving.
  func protocols() -> UnsafePointer<lws_protocols> {
    let table = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
    table.initialize(repeating: lws_protocols(), count: 2)
    table[0].name = self.string("game")
    table[0].callback = { wsi, reason, user, input, length in
      webSocketCallback(wsi, reason, user, input, length)
    }
    table[0].per_session_data_size = MemoryLayout<UInt64>.size
    // NB: lws allocates this per connection, and only control frames go through it (messages
    // arrive in pieces of at most 4 KiB whatever it is); with it small, lws needs the largest
    // single write told apart.
    table[0].rx_buffer_size = 4096
    table[0].tx_packet_size = 64 * 1024
    self.protocolTable = table
    return UnsafePointer(table)
  }

  /// Mounts that hand `paths` to the protocol's callback, then the static folder at `/`.
  func mounts(routes paths: [String], directory: String?) -> UnsafePointer<lws_http_mount>? {
    var next: UnsafePointer<lws_http_mount>? = directory.map { self.staticMount(directory: $0) }
    for path in paths.reversed() {
      let mount = UnsafeMutablePointer<lws_http_mount>.allocate(capacity: 1)
      mount.initialize(to: lws_http_mount())
      mount.pointee.mount_next = next
      mount.pointee.mountpoint = self.string(path)
      mount.pointee.mountpoint_len = UInt8(clamping: path.utf8.count)
      mount.pointee.origin = self.string("game")
      mount.pointee.origin_protocol = UInt8(LWSMPRO_CALLBACK.rawValue)
      self.routeMounts.append(mount)
      next = UnsafePointer(mount)
    }
    return next
  }

  /// The client side's protocol: every event goes to ``WebSocketClients``.
  func clientProtocols() -> UnsafePointer<lws_protocols> {
    let table = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
    table.initialize(repeating: lws_protocols(), count: 2)
    table[0].name = self.string("client")
    table[0].callback = { wsi, reason, user, input, length in
      guard let wsi, let context = lws_get_context(wsi), let raw = lws_context_user(context) else {
        return 0
      }
      let clients = Unmanaged<WebSocketClients>.fromOpaque(raw).takeUnretainedValue()
      // NB: Each connection carries its index as opaque user data, given when connecting.
      return clients.handleClient(wsi, reason, lws_get_opaque_user_data(wsi), input, length)
    }
    self.protocolTable = table
    return UnsafePointer(table)
  }

  func staticMount(directory: String) -> UnsafePointer<lws_http_mount> {
    let mount = UnsafeMutablePointer<lws_http_mount>.allocate(capacity: 1)
    mount.initialize(to: lws_http_mount())
    mount.pointee.mountpoint = self.string("/")
    mount.pointee.mountpoint_len = 1
    mount.pointee.origin = self.string(URL(fileURLWithPath: directory).standardizedFileURL.path)
    mount.pointee.def = self.string("index.html")
    mount.pointee.origin_protocol = UInt8(LWSMPRO_FILE.rawValue)
    // NB: lws refuses files whose type it does not know; the client's bot script is one.
    let mimeTypes = UnsafeMutablePointer<lws_protocol_vhost_options>.allocate(capacity: 1)
    mimeTypes.initialize(to: lws_protocol_vhost_options())
    mimeTypes.pointee.name = self.string(".py")
    mimeTypes.pointee.value = self.string("text/plain; charset=utf-8")
    self.mimeTypes = mimeTypes
    mount.pointee.extra_mimetypes = UnsafePointer(mimeTypes)
    self.mount = mount
    return UnsafePointer(mount)
  }

  deinit {
    for string in self.strings { free(string) }
    self.protocolTable?.deallocate()
    self.mount?.deallocate()
    self.mimeTypes?.deallocate()
    for mount in self.routeMounts { mount.deallocate() }
  }
}
