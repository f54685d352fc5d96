import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Bounds the time a request's body may take to arrive, on the connection's event loop:
/// a request whose end has not come `limit` after its head is answered 503 `timeout`
/// and its connection closed (what is left of its body would be read as the next request).
///
/// Why here and not in the handler: a handler that waits for its body with a time limit
/// must wait in another task than the one that answers (`withTimeLimit`), and that task,
/// its continuation and their locks cost about a tenth of a speak request in a profile.
/// With the body's wait bounded here, a handler whose work is short reads the body and
/// answers in its own task. Nearly every body comes in the same read as its head: then
/// no timer is set at all; one is set (on this event loop, so without a wake-up) only when
/// a read ends with the body still incomplete.
final class BodyTimeLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: TimeAmount
    /// When the head of the request whose end has not come yet arrived.
    private var headArrival: NIODeadline?
    private var timer: Scheduled<Void>?
    /// Set once this handler answered 503: what the application writes then is dropped.
    private var answered = false

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: headArrival = .now()
        case .end:
            headArrival = nil
            timer?.cancel()
            timer = nil
        case .body: break
        }
        guard !answered else { return }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let headArrival, timer == nil, !answered {
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            timer = context.eventLoop.scheduleTask(deadline: headArrival + limit) {
                let (handler, context) = loopBound.value
                handler.expire(context: context)
            }
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !answered else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    /// The body did not come in time: 503 `timeout`, then close.
    private func expire(context: ChannelHandlerContext) {
        timer = nil
        guard headArrival != nil, !answered else { return }
        answered = true
        let body = JSONResponse.errorBody(ServiceError(
            .timeout, "the request's body did not arrive within the server's time limit of \(limit.nanoseconds / 1_000_000) ms."))
        var fields = HTTPFields()
        fields[.contentType] = JSONResponse.contentType
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .serviceUnavailable, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
